import { BILLING_ACCOUNT_SORTS, type BillingAccount } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecordSortOptions } from '../../components/archivable';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { accounts } from './api';
import { formatBalances } from './money';

/** Billing › Accounts (docs/screens.md): who pays, for which guests, and what each owes per currency. */
export function AccountsList() {
  const { t, i18n } = useTranslation();
  const sortOptions = useRecordSortOptions(BILLING_ACCOUNT_SORTS);
  const columns: Column<BillingAccount>[] = [
    {
      key: 'name',
      header: t('common.name'),
      cell: (row) => (
        <Link to={`/billing/accounts/${row.id}`} className="font-medium text-indigo-700 hover:underline">
          {row.name}
        </Link>
      ),
    },
    { key: 'email', header: t('common.email'), cell: (row) => row.email ?? '' },
    { key: 'guests', header: t('common.guests'), cell: (row) => row.guests.map((guest) => guest.name).join(', ') },
    {
      key: 'balance',
      header: t('billing.balance'),
      cell: (row) => formatBalances(row.balance, i18n.language, t('billing.settled')),
      className: 'tabular-nums whitespace-nowrap',
    },
  ];
  return (
    <ListPage
      title={t('billing.accounts')}
      description={t('billing.accountsDescription')}
      query={accounts.listQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      sortOptions={sortOptions}
      rowActions={(row) => [
        { label: t('billing.open'), to: `/billing/accounts/${row.id}` },
        { label: t('common.edit'), to: `/billing/accounts/${row.id}/edit` },
      ]}
      createAction={{ to: '/billing/accounts/create', label: t('billing.createTitle') }}
      emptyText={t('billing.noAccounts')}
      cardsOnPhone
    />
  );
}
