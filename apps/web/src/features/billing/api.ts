import type {
  AccountStatement,
  BillingAccount,
  BillingPackage,
  BillingPayment,
  CreateBillingAccount,
  CreateBillingPackage,
  CreateBillingPayment,
  Invoice,
  InvoiceRun,
  InvoiceSend,
  InvoiceStatus,
  InvoiceList,
  InvoiceSummary,
  RunInvoices,
  UpdateBillingAccount,
} from '@ritim/shared';
import { MAX_LIMIT, PAGE_SIZE } from '@ritim/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../api/client';
import { messageLogKeys } from '../../api/message-logs';
import { create, defineResource, get, list, type ListResult, type PageQuery } from '../../api/resources';
import { saveFile } from '../../lib/save-file';

/** /api/billing/accounts (docs/domain.md#billing): who pays, their guests and balances. */
export const accounts = defineResource<BillingAccount, BillingAccount, CreateBillingAccount, UpdateBillingAccount>(
  'billing/accounts',
  { idParam: 'accountId', texts: 'billing' },
);

const INVOICES = 'billing/invoices';

/** What the invoice list is filtered by, beside the page, search and sort. */
export interface InvoiceFilter {
  status?: InvoiceStatus;
  month?: string;
  accountId?: number;
}

export const billingKeys = {
  all: ['billing'] as const,
  invoiceLists: () => ['billing', 'invoices', 'list'] as const,
  invoiceList: (query: PageQuery & InvoiceFilter) => ['billing', 'invoices', 'list', query] as const,
  invoice: (id: number) => ['billing', 'invoices', 'detail', id] as const,
  packages: (accountId: number) => ['billing', 'packages', accountId] as const,
  payments: (accountId: number) => ['billing', 'payments', accountId] as const,
  statement: (accountId: number) => ['billing', 'statement', accountId] as const,
};

export const invoiceListQuery = (query: PageQuery & InvoiceFilter) =>
  queryOptions({
    queryKey: billingKeys.invoiceList(query),
    // The answer keeps them under `invoices` (not the path's `billingInvoices`).
    queryFn: async ({ signal }): Promise<ListResult<InvoiceSummary>> => {
      const body = await apiRequest<InvoiceList>(INVOICES, { query, signal });
      return { items: body.invoices, totalCount: body.totalCount };
    },
  });

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => get<Invoice>(INVOICES, id, signal),
    retry: false,
  });

/** An account's packages, oldest first (the order the run uses them in). */
export const packagesQuery = (accountId: number, page = 1) =>
  queryOptions({
    queryKey: [...billingKeys.packages(accountId), page],
    queryFn: ({ signal }) => list<BillingPackage>('billing/packages', { accountId, ...pageOf(page) }, signal),
    placeholderData: keepPreviousData,
  });

/** An account's payments, newest received first. */
export const paymentsQuery = (accountId: number, page = 1) =>
  queryOptions({
    queryKey: [...billingKeys.payments(accountId), page],
    queryFn: ({ signal }) => list<BillingPayment>('billing/payments', { accountId, ...pageOf(page) }, signal),
    placeholderData: keepPreviousData,
  });

/** An account's statement over the days `from`..`to` (either left out: from the first entry, up to now). */
export const statementQuery = (accountId: number, range: { from?: string; to?: string } = {}) =>
  queryOptions({
    queryKey: [...billingKeys.statement(accountId), range],
    queryFn: ({ signal }) =>
      apiRequest<AccountStatement>(`billing/accounts/${accountId}/statement`, { query: range, signal }),
    placeholderData: keepPreviousData,
  });

/** The limit and offset of page `page` (from 1) of a list. */
export const pageOf = (page: number) => ({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });

/** Everything billing shows reads again after a write: balances, statements and invoices move together. */
async function refreshBilling(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: accounts.keys.all }),
    // A sent invoice is a message: the Message Log and Home's counts read again.
    queryClient.invalidateQueries({ queryKey: messageLogKeys.all }),
  ]);
}

function useBillingWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refreshBilling(queryClient) });
}

/** POST /api/billing/invoices/run with `dryRun: true`: the drafts the month would make; stores nothing. */
export function usePreviewRun() {
  return useMutation({
    mutationFn: (input: Omit<RunInvoices, 'dryRun'>) =>
      create<InvoiceRun>(`${INVOICES}/run`, { ...input, dryRun: true }),
  });
}

/** POST /api/billing/invoices/run: makes (or adds to) the month's drafts. */
export const useRunInvoices = () =>
  useBillingWrite((input: Omit<RunInvoices, 'dryRun'>) => create<InvoiceRun>(`${INVOICES}/run`, input));

/** POST /api/billing/invoices/{id}/{issue|void}: the invoice's answer is its new state. */
export const useInvoiceAction = () =>
  useBillingWrite(({ id, action, reason }: { id: number; action: 'issue' | 'void'; reason?: string }) =>
    apiRequest<Invoice>(`${INVOICES}/${id}/${action}`, {
      method: 'POST',
      body: action === 'void' ? { reason } : {},
    }),
  );

/** POST /api/billing/invoices/{id}/send: the issued invoice mailed to its account (in the Message Log), or why not. */
export const useSendInvoice = () =>
  useBillingWrite((id: number) => apiRequest<InvoiceSend>(`${INVOICES}/${id}/send`, { method: 'POST', body: {} }));

export const useCreatePackage = () =>
  useBillingWrite((input: CreateBillingPackage) => create<BillingPackage>('billing/packages', input));

export const useRecordPayment = () =>
  useBillingWrite((input: CreateBillingPayment) => create<BillingPayment>('billing/payments', input));

/** The invoice's PDF (GET /api/billing/invoices/{id}/pdf, with the session's token), saved as the server names it. */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>) {
  const fallback = invoice.number ? `invoice-${invoice.number}.pdf` : `invoice-draft-${invoice.id}.pdf`;
  const { blob, fileName } = await apiDownload(`${INVOICES}/${invoice.id}/pdf`, fallback);
  saveFile(blob, fileName);
}

/** The events a package may be limited to (their titles), for its form. */
export const eventChoicesQuery = () =>
  queryOptions({
    queryKey: ['events', 'choices', 'billing'] as const,
    queryFn: ({ signal }) => list<{ id: number; title: string }>('events', { limit: MAX_LIMIT, sort: 'name' }, signal),
    retry: false,
  });
