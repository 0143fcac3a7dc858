import type { InvoiceList } from '@ritim/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { Loaded } from '../../components/loaded';
import { Panel } from '../../components/panel';
import { buttonClass } from '../../components/ui';
import { formatMoney } from '../../lib/money';

/** How many of the unpaid invoices Home lists; the rest are in Billing. */
const UNPAID_ROWS = 5;

const linkClass =
  'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * Admins' Home: the issued invoices not paid yet (GET /api/billing/invoices?unpaid=true: the
 * account's payments in the currency do not cover them, oldest paid first), how many, and the
 * oldest few, each linking to its invoice.
 */
export function UnpaidInvoices() {
  const { t, i18n } = useTranslation();
  const unpaid = useQuery({
    queryKey: ['billing', 'invoices', 'unpaid', UNPAID_ROWS],
    queryFn: async ({ signal }) => {
      const page = await apiRequest<InvoiceList>('billing/invoices', {
        query: { unpaid: 'true', limit: UNPAID_ROWS },
        signal,
      });
      return { items: page.invoices, totalCount: page.totalCount };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <Panel
      id="home-unpaid-invoices"
      title={t('home.unpaidTitle')}
      subtitle={
        unpaid.data && (
          <p className="font-medium text-slate-900" data-testid="home-unpaid-count">
            {t('home.unpaidCount', { count: unpaid.data.totalCount })}
          </p>
        )
      }
      action={
        <Link to="/billing/invoices?status=issued" className={`${linkClass} text-sm`}>
          {t('home.openInvoices')}
        </Link>
      }
    >
      {unpaid.error && !unpaid.data ? (
        <div className="flex flex-wrap items-center gap-3 px-4 py-6 sm:px-6">
          <p role="alert" className="text-sm text-red-700">
            {t('home.unpaidFailed', { error: errorMessage(unpaid.error) })}
          </p>
          <button type="button" className={buttonClass.secondary} onClick={() => void unpaid.refetch()}>
            {t('home.retry')}
          </button>
        </div>
      ) : (
        <Loaded query={unpaid}>
          {({ items }) =>
            items.length === 0 ? (
              <p className="px-4 py-6 text-sm text-slate-600 sm:px-6">{t('home.unpaidNone')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((invoice) => (
                  <li
                    key={invoice.id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-6"
                    data-testid="home-unpaid-invoice"
                  >
                    <Link to={`/billing/invoices/${invoice.id}`} className={`${linkClass} text-sm break-words`}>
                      {t('home.unpaidInvoice', { number: invoice.number ?? '', account: invoice.account.name })}
                    </Link>
                    <span className="text-sm text-slate-900 tabular-nums">
                      {formatMoney(invoice.total, invoice.currency, i18n.language)}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      )}
    </Panel>
  );
}
