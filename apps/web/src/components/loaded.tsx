import { errorMessage } from '../api/errors';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';
import { buttonClass } from './ui';

/** The content of a panel while its data (a list, usually) loads, when it failed (with a retry), or the data. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (result: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.data) return children(query.data);
  if (query.error) {
    const error = errorMessage(query.error);
    return (
      <div className="flex flex-wrap items-center gap-3 px-4 py-6 sm:px-6">
        <p role="alert" className="text-sm text-red-700">
          {t('common.sessionsLoadFailed', { error })}
        </p>
        <button type="button" className={buttonClass.secondary} onClick={() => void query.refetch()}>
          {t('home.retry')}
        </button>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-500 sm:px-6">
      <Spinner />
      {t('common.loading')}
    </p>
  );
}
