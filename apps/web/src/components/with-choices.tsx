import { errorMessage } from '../api/errors';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

/** Where a choice list would be while its records load or when they could not be fetched. */
function ChoicesStatus({
  label,
  children,
  failed,
  wide,
}: {
  label: string;
  children: ReactNode;
  failed?: boolean;
  wide?: boolean;
}) {
  return (
    <fieldset className={wide ? 'sm:col-span-2' : 'sm:col-span-1'}>
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

/**
 * Loading / failed states of a choices query, else the field. `texts` names what loads (i18n keys
 * of the loading text and of the failure, which gets `{{error}}`); the event form's by default.
 * `wide` states span both columns of a form section (as a checkbox list does).
 */
export function WithChoices<T>({
  label,
  query,
  texts = { loading: 'common.loading', failed: 'events.choicesFailed' },
  wide,
  children,
}: {
  label: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  texts?: { loading: ParseKeys; failed: ParseKeys };
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <ChoicesStatus label={label} wide={wide}>
        {t(texts.loading)}
      </ChoicesStatus>
    );
  if (query.isError || query.data === undefined) {
    return (
      <ChoicesStatus label={label} failed wide={wide}>
        {t(texts.failed, { error: errorMessage(query.error) })}
      </ChoicesStatus>
    );
  }
  return children(query.data);
}
