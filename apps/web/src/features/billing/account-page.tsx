import type { BillingAccount } from '@ritim/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../auth/session-store';
import { ChipList } from '../../components/chip-list';
import { DataTable } from '../../components/data-table';
import { RouteItem } from '../../components/entity-form';
import { PageTitle } from '../../components/page-title';
import { PanelPages } from '../../components/pagination';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { buttonClass } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import {
  accounts,
  eventChoicesQuery,
  invoiceListQuery,
  packagesQuery,
  pageOf,
  paymentsQuery,
  statementQuery,
} from './api';
import { InvoiceStatusBadge, invoiceName, PanelLoaded } from './invoice-bits';
import { formatBalances, formatMoney, formatMonth } from './money';
import { PackageDialog } from './package-dialog';
import { PaymentDialog } from './payment-dialog';

/** /billing/accounts/:accountId (docs/screens.md): one account's guests, packages, invoices, payments and statement. */
export function AccountScreen() {
  const { t } = useTranslation();
  return (
    <RouteItem
      param={useParams().accountId}
      query={accounts.itemQuery}
      fetchFailed={(error) => t('billing.fetchFailed', { error })}
      backTo="/billing/accounts"
    >
      {(account) => <AccountDetails account={account} />}
    </RouteItem>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function AccountDetails({ account }: { account: BillingAccount }) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<'payment' | 'package' | null>(null);
  return (
    <div className="space-y-6">
      <PageTitle title={account.name} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{account.name}</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="account-balance">
            {t('billing.balance')}: {formatBalances(account.balance, i18n.language, t('billing.settled'))}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/billing/accounts" className={buttonClass.secondary}>
            {t('form.back')}
          </Link>
          <Link to={`/billing/accounts/${account.id}/edit`} className={buttonClass.secondary}>
            {t('common.edit')}
          </Link>
          <button type="button" className={buttonClass.secondary} onClick={() => setDialog('package')}>
            {t('billing.addPackage')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={() => setDialog('payment')}>
            {t('billing.recordPayment')}
          </button>
        </div>
      </div>

      <Panel id="account-details" title={t('common.contactDetails')}>
        <dl className="grid gap-4 px-4 py-4 sm:grid-cols-3 sm:px-6">
          <Detail label={t('common.email')}>{account.email ?? t('common.none')}</Detail>
          <Detail label={t('common.phone')}>{account.phone ?? t('common.none')}</Detail>
          <Detail label={t('billing.invoiceLanguage')}>{t(`languages.${account.language}`)}</Detail>
        </dl>
        <div className="border-t border-slate-200 px-4 py-4 sm:px-6">
          <ChipList
            testId="account-guests"
            title={t('common.guests')}
            items={account.guests.map((guest) => ({ id: guest.id, label: guest.name }))}
            empty={t('billing.noGuests')}
            hint={t('billing.guestsHint')}
          />
        </div>
      </Panel>

      <AccountInvoices account={account} />
      <AccountPackages account={account} onAdd={() => setDialog('package')} />
      <AccountPayments account={account} onRecord={() => setDialog('payment')} />
      <AccountStatement account={account} />

      <PaymentDialog account={account} open={dialog === 'payment'} onClose={() => setDialog(null)} />
      <PackageDialog account={account} open={dialog === 'package'} onClose={() => setDialog(null)} />
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="px-4 py-6 text-sm text-slate-500 sm:px-6">{children}</p>;
}

function AccountInvoices({ account }: { account: BillingAccount }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...invoiceListQuery({ accountId: account.id, ...pageOf(page) }),
    placeholderData: keepPreviousData,
  });
  return (
    <Panel id="account-invoices" title={t('audit.sections.billingInvoices')}>
      <PanelLoaded query={query}>
        {(result) =>
          result.items.length === 0 ? (
            <Empty>{t('billing.noInvoices')}</Empty>
          ) : (
            <>
              <DataTable
                caption={t('audit.sections.billingInvoices')}
                rows={result.items}
                rowKey={(row) => row.id!}
                rowLabel={(row) => invoiceName(row, t)}
                cardsOnPhone
                columns={[
                  {
                    key: 'number',
                    header: t('messaging.types.invoice'),
                    cell: (row) => (
                      <Link to={`/billing/invoices/${row.id}`} className="font-medium text-indigo-700 hover:underline">
                        {invoiceName(row, t)}
                      </Link>
                    ),
                  },
                  { key: 'month', header: t('common.month'), cell: (row) => formatMonth(row.month, i18n.language) },
                  {
                    key: 'total',
                    header: t('billing.total'),
                    cell: (row) => formatMoney(row.total, row.currency, i18n.language),
                    className: 'tabular-nums whitespace-nowrap',
                  },
                  {
                    key: 'status',
                    header: t('common.status'),
                    cell: (row) => <InvoiceStatusBadge status={row.status} />,
                  },
                ]}
              />
              <PanelPages
                page={page}
                totalCount={result.totalCount}
                shown={result.items.length}
                onPageChange={setPage}
              />
            </>
          )
        }
      </PanelLoaded>
    </Panel>
  );
}

function AccountPackages({ account, onAdd }: { account: BillingAccount; onAdd: () => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(packagesQuery(account.id, page));
  const events = useQuery({ ...eventChoicesQuery(), enabled: query.data?.items.some((row) => row.eventId !== null) });
  const eventTitle = (eventId: number | null) =>
    eventId === null
      ? t('billing.anyEvent')
      : (events.data?.items.find((event) => event.id === eventId)?.title ?? `#${eventId}`);
  return (
    <Panel
      id="account-packages"
      title={t('audit.sections.billingPackages')}
      subtitle={t('billing.packagesHint')}
      action={
        <button type="button" className={buttonClass.secondary} onClick={onAdd}>
          {t('billing.addPackage')}
        </button>
      }
    >
      <PanelLoaded query={query}>
        {(result) =>
          result.items.length === 0 ? (
            <Empty>{t('billing.noPackages')}</Empty>
          ) : (
            <>
              <DataTable
                caption={t('audit.sections.billingPackages')}
                rows={result.items}
                rowKey={(row) => row.id}
                rowLabel={(row) => t('calendar.day.count', { count: row.sessions })}
                cardsOnPhone
                columns={[
                  {
                    key: 'sessions',
                    header: t('attendance.sessions'),
                    cell: (row) => t('calendar.day.count', { count: row.sessions }),
                  },
                  {
                    key: 'remaining',
                    header: t('billing.remaining'),
                    cell: (row) => row.remaining,
                    className: 'tabular-nums',
                  },
                  {
                    key: 'amount',
                    header: t('events.price'),
                    cell: (row) => formatMoney(row.amount, row.currency, i18n.language),
                    className: 'tabular-nums whitespace-nowrap',
                  },
                  { key: 'event', header: t('billing.packageEvent'), cell: (row) => eventTitle(row.eventId) },
                  {
                    key: 'validUntil',
                    header: t('billing.validUntil'),
                    cell: (row) => row.validUntil ?? t('common.none'),
                  },
                ]}
              />
              <PanelPages
                page={page}
                totalCount={result.totalCount}
                shown={result.items.length}
                onPageChange={setPage}
              />
            </>
          )
        }
      </PanelLoaded>
    </Panel>
  );
}

function AccountPayments({ account, onRecord }: { account: BillingAccount; onRecord: () => void }) {
  const { t, i18n } = useTranslation();
  const zone = useSession().user?.timezone;
  const [page, setPage] = useState(1);
  const query = useQuery(paymentsQuery(account.id, page));
  return (
    <Panel
      id="account-payments"
      title={t('audit.sections.billingPayments')}
      action={
        <button type="button" className={buttonClass.secondary} onClick={onRecord}>
          {t('billing.recordPayment')}
        </button>
      }
    >
      <PanelLoaded query={query}>
        {(result) =>
          result.items.length === 0 ? (
            <Empty>{t('billing.noPayments')}</Empty>
          ) : (
            <>
              <DataTable
                caption={t('audit.sections.billingPayments')}
                rows={result.items}
                rowKey={(row) => row.id}
                rowLabel={(row) => formatDateTime(row.receivedAt, zone)}
                cardsOnPhone
                columns={[
                  {
                    key: 'receivedAt',
                    header: t('billing.receivedAt'),
                    cell: (row) => formatDateTime(row.receivedAt, zone),
                    className: 'tabular-nums whitespace-nowrap',
                  },
                  {
                    key: 'amount',
                    header: t('billing.amount'),
                    cell: (row) => formatMoney(row.amount, row.currency, i18n.language),
                    className: 'tabular-nums whitespace-nowrap',
                  },
                  { key: 'method', header: t('billing.method'), cell: (row) => t(`billing.methods.${row.method}`) },
                  { key: 'note', header: t('billing.note'), cell: (row) => row.note ?? '' },
                ]}
              />
              <PanelPages
                page={page}
                totalCount={result.totalCount}
                shown={result.items.length}
                onPageChange={setPage}
              />
            </>
          )
        }
      </PanelLoaded>
    </Panel>
  );
}

function AccountStatement({ account }: { account: BillingAccount }) {
  const { t, i18n } = useTranslation();
  const zone = useSession().user?.timezone;
  // The days typed, and the range last asked for (typing a 'to' before the 'from' asks nothing).
  const [days, setDays] = useState({ from: '', to: '' });
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const inverted = days.from !== '' && days.to !== '' && days.from > days.to;
  const change = (next: { from: string; to: string }) => {
    setDays(next);
    if (next.from === '' || next.to === '' || next.from <= next.to)
      setRange({ from: next.from || undefined, to: next.to || undefined });
  };
  const query = useQuery(statementQuery(account.id, range));
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);
  return (
    <Panel id="account-statement" title={t('billing.statement')} subtitle={t('billing.statementHint')}>
      <div className="flex flex-wrap items-start gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <TextField
          type="date"
          label={t('attendance.from')}
          value={days.from}
          onChange={(event) => change({ ...days, from: event.target.value })}
        />
        <TextField
          type="date"
          label={t('events.to')}
          value={days.to}
          error={inverted ? t('billing.statementRangeInverted') : undefined}
          onChange={(event) => change({ ...days, to: event.target.value })}
        />
      </div>
      <PanelLoaded query={query}>
        {(statement) =>
          statement.entries.length === 0 ? (
            <Empty>{range.from || range.to ? t('billing.noEntriesInRange') : t('billing.noEntries')}</Empty>
          ) : (
            <>
              <DataTable
                caption={t('billing.statement')}
                rows={statement.entries.map((entry, index) => ({ ...entry, index }))}
                rowKey={(row) => row.index}
                rowLabel={(row) => row.ref}
                cardsOnPhone
                columns={[
                  {
                    key: 'at',
                    header: t('common.when'),
                    cell: (row) => formatDateTime(row.at, zone),
                    className: 'tabular-nums whitespace-nowrap',
                  },
                  { key: 'kind', header: t('billing.entry'), cell: (row) => t(`billing.entryKinds.${row.kind}`) },
                  {
                    key: 'ref',
                    header: t('billing.reference'),
                    // A payment's reference is `payment <id>`: shown as its number, the same in both languages.
                    cell: (row) => (row.kind === 'payment' ? `#${row.ref.replace(/^payment /, '')}` : row.ref),
                  },
                  {
                    key: 'amount',
                    header: t('billing.amount'),
                    cell: (row) => money(row.amount, row.currency),
                    className: 'tabular-nums whitespace-nowrap',
                  },
                  {
                    key: 'balance',
                    header: t('billing.balance'),
                    cell: (row) => money(row.balance, row.currency),
                    className: 'tabular-nums whitespace-nowrap',
                  },
                ]}
              />
              <p className="border-t border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-6">
                {t('billing.balance')}: {formatBalances(statement.balance, i18n.language, t('billing.settled'))}
              </p>
            </>
          )
        }
      </PanelLoaded>
    </Panel>
  );
}
