import { Spinner } from './spinner';

/** A calm, centred "working on it" screen (session check, signing out). */
export function FullPageStatus({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner className="size-5 text-indigo-600" />
        {label}
      </p>
    </div>
  );
}
