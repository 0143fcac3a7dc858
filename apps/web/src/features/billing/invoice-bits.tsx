import type { InvoiceStatus, InvoiceSummary } from '@ritim/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { buttonClass } from '../../components/ui';

/** An invoice's status as a badge, in the user's language. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return <StatusBadge status={status}>{t(`billing.statuses.${status}`)}</StatusBadge>;
}

/** How an invoice is named: its number once issued, else 'Draft <id>'. */
export const invoiceName = (invoice: Pick<InvoiceSummary, 'id' | 'number'>, t: TFunction) =>
  invoice.number ? t('billing.invoiceNumber', { number: invoice.number }) : t('billing.draftName', { id: invoice.id });

/** A panel's content while its data loads, when it failed (with a retry), or the data. */
export function PanelLoaded<T>({ query, children }: { query: UseQueryResult<T>; children: (result: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.data) return children(query.data);
  if (query.error) {
    return (
      <div className="flex flex-wrap items-center gap-3 px-4 py-6 sm:px-6">
        <p role="alert" className="text-sm text-red-700">
          {t('list.error', { error: errorMessage(query.error) })}
        </p>
        <button type="button" className={buttonClass.secondary} onClick={() => void query.refetch()}>
          {t('common.retry')}
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
