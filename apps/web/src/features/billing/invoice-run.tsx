import type { InvoiceRun } from '@ritim/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { useSession } from '../../auth/session-store';
import { DataTable } from '../../components/data-table';
import { PageTitle } from '../../components/page-title';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { buttonClass, inputClass } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { todayIn } from '../../lib/wall-clock';
import { usePreviewRun, useRunInvoices } from './api';
import { invoiceName } from './invoice-bits';
import { formatMoney, formatMonth } from './money';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The totals of a run's drafts per currency (`£40.00 · ₺1.250,00`). */
function totalsByCurrency(run: InvoiceRun, language: string): string {
  const totals = new Map<string, number>();
  for (const invoice of run.invoices) totals.set(invoice.currency, (totals.get(invoice.currency) ?? 0) + invoice.total);
  return [...totals].map(([currency, amount]) => formatMoney(amount, currency, language)).join(' · ');
}

/**
 * /billing/invoices/run (docs/screens.md): choose a month (in the user's zone), Preview
 * (a dry run: the drafts per account with their totals, and the sessions with a guest not marked
 * yet, each linking to its day's Upcoming Events to mark it first), then 'Create drafts' makes
 * them; running again later adds only what is new.
 */
export function InvoiceRunScreen() {
  const { t, i18n } = useTranslation();
  const zone = useSession().user?.timezone ?? 'UTC';
  const monthId = useId();
  const [month, setMonth] = useState(() => todayIn(zone).slice(0, 7));
  const preview = usePreviewRun();
  const run = useRunInvoices();
  const [done, setDone] = useState<InvoiceRun | null>(null);
  const valid = MONTH.test(month);

  const previewMonth = () => {
    setDone(null);
    run.reset();
    preview.mutate({ month, timezone: zone });
  };
  const create = () =>
    run.mutate(
      { month, timezone: zone },
      {
        onSuccess: (result) => {
          setDone(result);
          preview.reset();
          toast.success(t('billing.draftsMade', { count: result.invoices.length }));
        },
      },
    );
  const shown = done ?? preview.data;
  const language = i18n.language;

  return (
    <div className="max-w-4xl space-y-6">
      <PageTitle title={t('billing.runMonth')} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('billing.runMonth')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('billing.runHint', { zone })}</p>
      </div>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) previewMonth();
        }}
      >
        <div>
          <label htmlFor={monthId} className="block text-sm font-medium text-slate-900">
            {t('common.month')}
          </label>
          <input
            id={monthId}
            type="month"
            required
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
              preview.reset();
              setDone(null);
            }}
            className={`${inputClass} mt-2`}
          />
        </div>
        <button
          type="submit"
          className={`${buttonClass.secondary} min-h-11`}
          disabled={!valid || preview.isPending}
          aria-busy={preview.isPending || undefined}
        >
          {preview.isPending && <Spinner />}
          {t('closures.preview')}
        </button>
        <Link to="/billing/invoices" className={`${buttonClass.secondary} min-h-11`}>
          {t('form.back')}
        </Link>
      </form>
      {preview.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(preview.error, t('closures.previewFailed'))}
        </p>
      )}

      {shown && (
        <Panel
          id="run-drafts"
          title={
            done
              ? t('billing.draftsTitle', { month: formatMonth(month, language) })
              : t('billing.previewTitle', { month: formatMonth(month, language) })
          }
          subtitle={
            shown.invoices.length === 0
              ? t('billing.nothingToBill')
              : `${t('billing.draftCount', { count: shown.invoices.length })} · ${totalsByCurrency(shown, language)}`
          }
        >
          {shown.invoices.length > 0 && (
            <DataTable
              caption={
                done
                  ? t('billing.draftsTitle', { month: formatMonth(month, language) })
                  : t('billing.previewTitle', { month: formatMonth(month, language) })
              }
              rows={shown.invoices.map((invoice, index) => ({ ...invoice, index }))}
              rowKey={(row) => row.index}
              rowLabel={(row) => row.account.name}
              cardsOnPhone
              columns={[
                {
                  key: 'account',
                  header: t('common.account'),
                  cell: (row) =>
                    row.id !== null ? (
                      <Link to={`/billing/invoices/${row.id}`} className="font-medium text-indigo-700 hover:underline">
                        {row.account.name} ({invoiceName(row, t)})
                      </Link>
                    ) : (
                      <span>
                        {row.account.name}
                        {row.account.id === null && (
                          <span className="block text-xs text-slate-500">{t('billing.newOwnAccount')}</span>
                        )}
                      </span>
                    ),
                },
                {
                  key: 'sessions',
                  header: t('attendance.sessions'),
                  cell: (row) => row.lines.length,
                  className: 'tabular-nums',
                },
                {
                  key: 'total',
                  header: t('billing.total'),
                  cell: (row) => formatMoney(row.total, row.currency, language),
                  className: 'tabular-nums whitespace-nowrap',
                },
              ]}
            />
          )}
          {!done && (
            <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 px-4 py-3 sm:px-6">
              {run.isError && (
                <p role="alert" className="mr-auto text-sm text-red-700">
                  {errorMessage(run.error, t('common.saveFailed'))}
                </p>
              )}
              <button
                type="button"
                className={`${buttonClass.primary} min-h-11`}
                onClick={create}
                disabled={shown.invoices.length === 0 || run.isPending}
                aria-busy={run.isPending || undefined}
              >
                {run.isPending && <Spinner />}
                {t('billing.createDrafts')}
              </button>
            </div>
          )}
        </Panel>
      )}

      {shown && shown.unmarked.length > 0 && (
        <Panel
          id="run-unmarked"
          title={t('billing.unmarkedTitle', { count: shown.unmarked.length })}
          subtitle={t('billing.unmarkedHint')}
        >
          <ul className="divide-y divide-slate-200" data-testid="run-unmarked-list">
            {shown.unmarked.map((pair) => (
              <li
                key={`${pair.occurrenceId}-${pair.guestId}`}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm sm:px-6"
              >
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{pair.title}</span>
                  <span className="text-slate-600">
                    {' · '}
                    {pair.guestName} · {formatDateTime(pair.startsAt, zone)}
                  </span>
                </span>
                <Link
                  to={`/upcoming-events?date=${todayIn(zone, new Date(pair.startsAt))}`}
                  className="font-medium text-indigo-700 hover:underline"
                  aria-label={t('billing.markSessionOf', { title: pair.title, guest: pair.guestName })}
                >
                  {t('billing.markSession')}
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}
