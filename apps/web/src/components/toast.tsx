import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

/**
 * Toasts without sonner in the first download (Sign In stays under its budget): `toast.success`
 * and `toast.error` load it on the first toast; the area (`ToastArea`, mounted once by the app)
 * appears then, and a toast is shown once the area listens, so none is lost.
 */
type Sonner = typeof import('sonner');
type Options = Parameters<Sonner['toast']['success']>[1];

let wanted = false;
const listeners = new Set<() => void>();
let markReady: (toast: Sonner['toast']) => void = () => undefined;
const ready = new Promise<Sonner['toast']>((resolve) => {
  markReady = resolve;
});

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export const toast = {
  success(message: string, options?: Options): void {
    want();
    void ready.then((sonner) => sonner.success(message, options));
  },
  error(message: string, options?: Options): void {
    want();
    void ready.then((sonner) => sonner.error(message, options));
  },
};

/** The app's toaster and sonner's toast, once both are loaded; ready once the toaster listens. */
const LoadedToaster = lazy(async () => {
  const [{ AppToaster }, { toast: sonner }] = await Promise.all([import('./toaster'), import('sonner')]);
  function Loaded() {
    // After the toaster's own effects: it subscribes to new toasts in them.
    useEffect(() => markReady(sonner), []);
    return <AppToaster />;
  }
  return { default: Loaded };
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where toasts appear: nothing until the first toast is asked for. */
export function ToastArea() {
  const shown = useSyncExternalStore(subscribe, () => wanted);
  return shown ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}
