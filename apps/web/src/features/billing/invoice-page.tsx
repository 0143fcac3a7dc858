import { billingMessages, type Invoice } from '@ritim/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/errors';
import { useSession } from '../../auth/session-store';
import { DataTable } from '../../components/data-table';
import { RouteItem } from '../../components/entity-form';
import { PageTitle } from '../../components/page-title';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { TextAreaField } from '../../components/text-field';
import { TitledDialog } from '../../components/titled-dialog';
import { toast } from '../../components/toast';
import { buttonClass } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { downloadInvoicePdf, invoiceQuery, useInvoiceAction, useSendInvoice } from './api';
import { DialogForm } from './fields';
import { InvoiceStatusBadge, invoiceName } from './invoice-bits';
import { translateMessage } from '../../i18n';
import { formatMoney, formatMonth } from './money';

/** /billing/invoices/:invoiceId (docs/screens.md): one invoice's lines, and Issue, Send, Void and its PDF. */
export function InvoiceScreen() {
  const { t } = useTranslation();
  return (
    <RouteItem
      param={useParams().invoiceId}
      query={invoiceQuery}
      fetchFailed={(error) => t('billing.invoiceFetchFailed', { error })}
      backTo="/billing/invoices"
    >
      {(invoice) => <InvoiceDetails invoice={invoice} />}
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

type Dialog = 'issue' | 'void' | null;

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const zone = useSession().user?.timezone;
  const action = useInvoiceAction();
  const send = useSendInvoice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [downloading, setDownloading] = useState(false);
  const money = (amount: number) => formatMoney(amount, invoice.currency, i18n.language);
  const name = invoiceName(invoice, t);
  const id = invoice.id!;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      toast.error(errorMessage(error, t('billing.pdfFailed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      <PageTitle title={name} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900">
            {name}
            <InvoiceStatusBadge status={invoice.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {invoice.status === 'draft' ? t('billing.draftHint') : t('billing.issuedHint')}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/billing/invoices" className={buttonClass.secondary}>
            {t('form.back')}
          </Link>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void download()}
            disabled={downloading}
            aria-busy={downloading || undefined}
          >
            {downloading && <Spinner />}
            {t('billing.downloadPdf')}
          </button>
          {invoice.status === 'issued' && (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={send.isPending}
              aria-busy={send.isPending || undefined}
              onClick={() => send.mutate(id, { onSuccess: (sent) => toast.success(translateMessage(sent)) })}
            >
              {send.isPending && <Spinner />}
              {t('billing.send')}
            </button>
          )}
          {invoice.status !== 'void' && (
            <button type="button" className={buttonClass.danger} onClick={() => setDialog('void')}>
              {t('billing.void')}
            </button>
          )}
          {invoice.status === 'draft' && (
            <button type="button" className={buttonClass.primary} onClick={() => setDialog('issue')}>
              {t('billing.issue')}
            </button>
          )}
        </div>
      </div>

      {send.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(send.error, t('billing.sendFailed'))}
        </p>
      )}
      {send.isSuccess && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {translateMessage(send.data)}{' '}
          <Link to="/message-logs" className="font-medium underline">
            {t('nav.messageLogs')}
          </Link>
        </p>
      )}

      <Panel id="invoice-details" title={t('billing.invoiceDetails')}>
        <dl className="grid gap-4 px-4 py-4 sm:grid-cols-3 sm:px-6">
          <Detail label={t('common.account')}>
            {invoice.account.id !== null ? (
              <Link
                to={`/billing/accounts/${invoice.account.id}`}
                className="font-medium text-indigo-700 hover:underline"
              >
                {invoice.account.name}
              </Link>
            ) : (
              invoice.account.name
            )}
          </Detail>
          <Detail label={t('common.month')}>{formatMonth(invoice.month, i18n.language)}</Detail>
          <Detail label={t('billing.total')}>
            <span className="font-semibold tabular-nums" data-testid="invoice-total">
              {money(invoice.total)}
            </span>
          </Detail>
          {invoice.issuedAt && <Detail label={t('billing.issuedAt')}>{formatDateTime(invoice.issuedAt, zone)}</Detail>}
          {invoice.voidedAt && <Detail label={t('billing.voidedAt')}>{formatDateTime(invoice.voidedAt, zone)}</Detail>}
          {invoice.voidReason && <Detail label={t('cancellation.reason')}>{invoice.voidReason}</Detail>}
        </dl>
      </Panel>

      <Panel id="invoice-lines" title={t('billing.lines', { count: invoice.lines.length })}>
        {invoice.lines.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-500 sm:px-6">{t('billing.noLines')}</p>
        ) : (
          <DataTable
            caption={t('billing.lines', { count: invoice.lines.length })}
            rows={invoice.lines.map((line, index) => ({ ...line, index }))}
            rowKey={(row) => row.index}
            rowLabel={(row) => `${row.title} ${row.guestName}`}
            cardsOnPhone
            columns={[
              {
                key: 'startsAt',
                header: t('common.when'),
                cell: (row) => formatDateTime(row.startsAt, zone),
                className: 'tabular-nums whitespace-nowrap',
              },
              { key: 'guest', header: t('roles.guest'), cell: (row) => row.guestName },
              {
                key: 'title',
                header: t('common.title'),
                cell: (row) => (
                  <>
                    {row.title}
                    {row.kind === 'adjustment' && (
                      <span className="block text-xs text-slate-500">
                        {t('billing.adjusts', { id: row.correctsInvoiceId })}
                      </span>
                    )}
                  </>
                ),
              },
              { key: 'status', header: t('billing.mark'), cell: (row) => t(`attendance.statuses.${row.status}`) },
              {
                key: 'amount',
                header: t('billing.amount'),
                cell: (row) => (row.packageId !== null ? t('billing.fromPackage') : money(row.amount)),
                className: 'tabular-nums whitespace-nowrap',
              },
            ]}
          />
        )}
      </Panel>

      <TitledDialog
        open={dialog === 'issue'}
        onClose={() => setDialog(null)}
        title={t('billing.issueTitle')}
        testId="issue-dialog"
      >
        <DialogForm
          onSubmit={() =>
            action.mutate(
              { id, action: 'issue' },
              {
                onSuccess: (issued) => {
                  toast.success(t('billing.issued', { number: issued.number }));
                  setDialog(null);
                },
              },
            )
          }
          onCancel={() => setDialog(null)}
          submitLabel={t('billing.issue')}
          pending={action.isPending}
          error={action.isError ? errorMessage(action.error, t('common.saveFailed')) : null}
        >
          <p className="text-sm text-slate-600">{t('billing.issueConfirm', { total: money(invoice.total) })}</p>
        </DialogForm>
      </TitledDialog>
      <VoidDialog invoice={invoice} open={dialog === 'void'} onClose={() => setDialog(null)} />
    </div>
  );
}

function VoidDialog({ invoice, open, onClose }: { invoice: Invoice; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <TitledDialog open={open} onClose={onClose} title={t('billing.voidTitle')} testId="void-dialog">
      <VoidForm invoice={invoice} onClose={onClose} />
    </TitledDialog>
  );
}

function VoidForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useInvoiceAction();
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const missing = reason.trim() === '';
  return (
    <DialogForm
      danger
      onSubmit={() => {
        setChecked(true);
        if (missing) return;
        action.mutate(
          { id: invoice.id!, action: 'void', reason: reason.trim() },
          {
            onSuccess: () => {
              toast.success(t('billing.voided', { name: invoiceName(invoice, t) }));
              onClose();
            },
          },
        );
      }}
      onCancel={onClose}
      submitLabel={t('billing.void')}
      pending={action.isPending}
      error={action.isError ? errorMessage(action.error, t('common.saveFailed')) : null}
    >
      <p className="text-sm text-slate-600">
        {invoice.status === 'issued' ? t('billing.voidIssuedHint') : t('billing.voidDraftHint')}
      </p>
      <TextAreaField
        label={t('cancellation.reason')}
        rows={3}
        maxLength={500}
        required
        autoFocus
        value={reason}
        error={checked && missing ? translateMessage(billingMessages.reasonRequired) : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
    </DialogForm>
  );
}
