import { INVOICE_SORTS, INVOICE_STATUSES, type InvoiceStatus, type InvoiceSummary } from '@ritim/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/data-table';
import { FilterSelect } from '../../components/filter-select';
import { ListPage } from '../../components/list-page';
import { buttonClass, inputClass } from '../../components/ui';
import { useLatestSearchParams } from '../../components/use-latest-search-params';
import { invoiceListQuery } from './api';
import { InvoiceStatusBadge, invoiceName } from './invoice-bits';
import { formatMoney, formatMonth } from './money';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Billing › Invoices (docs/screens.md): every invoice, newest first, by status and month
 * (both kept in the URL), searched by account; 'Run a month' makes the month's drafts.
 */
export function InvoicesList() {
  const { t, i18n } = useTranslation();
  const monthId = useId();
  const [params, setParams] = useLatestSearchParams();
  const statusParam = params.get('status');
  const status = INVOICE_STATUSES.includes(statusParam as InvoiceStatus) ? (statusParam as InvoiceStatus) : undefined;
  const monthParam = params.get('month') ?? '';
  const month = MONTH.test(monthParam) ? monthParam : undefined;
  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const sortOptions = INVOICE_SORTS.map((value) => ({
    value,
    label: value === 'date' ? t('closures.sortNewest') : t('billing.sortAccount'),
  }));
  const columns: Column<InvoiceSummary>[] = [
    {
      key: 'number',
      header: t('messaging.types.invoice'),
      cell: (row) => (
        <Link to={`/billing/invoices/${row.id}`} className="font-medium text-indigo-700 hover:underline">
          {invoiceName(row, t)}
        </Link>
      ),
    },
    { key: 'account', header: t('common.account'), cell: (row) => row.account.name },
    {
      key: 'month',
      header: t('common.month'),
      cell: (row) => formatMonth(row.month, i18n.language),
      className: 'tabular-nums',
    },
    { key: 'lines', header: t('attendance.sessions'), cell: (row) => row.lineCount, className: 'tabular-nums' },
    {
      key: 'total',
      header: t('billing.total'),
      cell: (row) => formatMoney(row.total, row.currency, i18n.language),
      className: 'tabular-nums whitespace-nowrap',
    },
    { key: 'status', header: t('common.status'), cell: (row) => <InvoiceStatusBadge status={row.status} /> },
  ];

  return (
    <ListPage
      title={t('audit.sections.billingInvoices')}
      description={t('billing.invoicesDescription')}
      query={(query) => invoiceListQuery({ ...query, status, month })}
      columns={columns}
      rowKey={(row) => row.id!}
      rowLabel={(row) => invoiceName(row, t)}
      sortOptions={sortOptions}
      rowActions={(row) => [{ label: t('billing.open'), to: `/billing/invoices/${row.id}` }]}
      headerAction={
        <Link to="/billing/invoices/run" className={buttonClass.primary}>
          {t('billing.runMonth')}
        </Link>
      }
      toolbar={
        <>
          <FilterSelect<InvoiceStatus>
            label={t('common.status')}
            emptyLabel={t('billing.allStatuses')}
            value={status}
            options={INVOICE_STATUSES.map((value) => ({ value, label: t(`billing.statuses.${value}`) }))}
            onChange={(value) => setParam('status', value)}
          />
          <div>
            <label htmlFor={monthId} className="block text-sm font-medium text-slate-900">
              {t('common.month')}
            </label>
            <input
              id={monthId}
              type="month"
              value={month ?? ''}
              onChange={(event) => setParam('month', MONTH.test(event.target.value) ? event.target.value : undefined)}
              className={`${inputClass} mt-2`}
            />
          </div>
        </>
      }
      filtered={status !== undefined || month !== undefined}
      emptyText={t('billing.noInvoices')}
      cardsOnPhone
    />
  );
}
