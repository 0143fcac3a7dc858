import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from './entity-form';
import { Spinner } from './spinner';

/** Where a choice list would be while its records load or when they could not be fetched. */
function ChoicesStatus({ label, children, failed }: { label: string; children: ReactNode; failed?: boolean }) {
  return (
    <fieldset className="sm:col-span-1">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      <p
        role={failed ? 'alert' : 'status'}
        className={`mt-2 flex items-center gap-2 text-sm ${failed ? 'text-red-700' : 'text-slate-500'}`}
      >
        {!failed && <Spinner />}
        {children}
      </p>
    </fieldset>
  );
}

/** Loading / failed states of a choices query, else the field. */
export function WithChoices<T>({
  label,
  query,
  children,
}: {
  label: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <ChoicesStatus label={label}>{t('events.choicesLoading')}</ChoicesStatus>;
  if (query.isError || query.data === undefined) {
    return (
      <ChoicesStatus label={label} failed>
        {t('events.choicesFailed', { error: failureMessage(query.error, t('errors.unknown')) })}
      </ChoicesStatus>
    );
  }
  return children(query.data);
}
