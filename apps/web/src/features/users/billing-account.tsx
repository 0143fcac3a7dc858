import type { BillingAccountList } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { buttonClass } from '../../components/ui';
import { formatMoney } from '../../lib/money';

const linkClass =
  'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * A guest's page, admins: the billing account that pays for them (GET
 * /api/billing/accounts?guestId: at most one), its name linking to the account in Billing and its
 * balance per currency; none until an account names them or the first run bills them.
 */
export function GuestBillingAccount({ guestId }: { guestId: number }) {
  const { t, i18n } = useTranslation();
  const account = useQuery({
    queryKey: ['billing', 'accounts', 'of-guest', guestId],
    queryFn: async ({ signal }) =>
      (await apiRequest<BillingAccountList>('billing/accounts', { query: { guestId, limit: 1 }, signal }))
        .billingAccounts[0] ?? null,
  });
  const found = account.data;
  return (
    <Panel id="guest-billing-account" title={t('users.billingAccountTitle')}>
      <div className="px-4 py-4 text-sm sm:px-6">
        {account.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-500">
            <Spinner />
            {t('common.loading')}
          </p>
        ) : account.error ? (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="text-red-700">
              {t('users.billingAccountFailed', { error: errorMessage(account.error) })}
            </p>
            <button type="button" className={buttonClass.secondary} onClick={() => void account.refetch()}>
              {t('home.retry')}
            </button>
          </div>
        ) : found ? (
          <div className="space-y-1">
            <Link to={`/billing/accounts/${found.id}`} className={`${linkClass} break-words`}>
              {found.name}
            </Link>
            <p className="text-slate-900" data-testid="guest-billing-balance">
              {found.balance.length === 0
                ? t('users.billingSettled')
                : t('users.billingBalance', {
                    amounts: found.balance
                      .map((entry) => formatMoney(entry.amount, entry.currency, i18n.language))
                      .join(', '),
                  })}
            </p>
          </div>
        ) : (
          <p className="text-slate-600">{t('users.billingNoAccount')}</p>
        )}
      </div>
    </Panel>
  );
}
