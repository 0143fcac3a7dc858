import type { Invoice, InvoiceLine, InvoiceListQuery, InvoiceSummary } from '@ritim/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { billingAccounts, billingInvoiceLines, billingInvoices, billingPayments } from '../../platform/db/schema.js';
import { defineList, type PageTable } from '../../platform/list.js';
import { idList, rowsOf } from './sql.js';

const summaryColumns = {
  id: billingInvoices.id,
  number: billingInvoices.number,
  status: billingInvoices.status,
  accountId: billingInvoices.accountId,
  accountName: billingAccounts.name,
  currency: billingInvoices.currency,
  month: billingInvoices.month,
  timezone: billingInvoices.timezone,
  total: billingInvoices.total,
  lineCount: sql<number>`(select cast(count(*) as integer) from ${billingInvoiceLines} l
    where l.invoice_id = ${billingInvoices}.id)`.as('line_count'),
  createdAt: billingInvoices.createdAt,
  issuedAt: billingInvoices.issuedAt,
  voidedAt: billingInvoices.voidedAt,
  voidReason: billingInvoices.voidReason,
};

interface SummaryRow extends Omit<InvoiceSummary, 'id' | 'account' | 'createdAt' | 'issuedAt' | 'voidedAt'> {
  id: number;
  voidedAt: Date | null;
  accountId: number;
  accountName: string;
  createdAt: Date;
  issuedAt: Date | null;
}

const toSummary = (row: SummaryRow): InvoiceSummary => ({
  id: row.id,
  number: row.number,
  status: row.status,
  account: { id: row.accountId, name: row.accountName },
  currency: row.currency,
  month: row.month,
  timezone: row.timezone,
  total: Number(row.total),
  lineCount: Number(row.lineCount),
  createdAt: row.createdAt.toISOString(),
  issuedAt: row.issuedAt?.toISOString() ?? null,
  voidedAt: row.voidedAt?.toISOString() ?? null,
  voidReason: row.voidReason,
});

/** The lines of `invoiceIds`, each invoice's by start, session and guest. */
export async function linesOf(db: Executor, invoiceIds: readonly number[]): Promise<Map<number, InvoiceLine[]>> {
  const lines = new Map<number, InvoiceLine[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return lines;
  const rows = rowsOf<InvoiceLine & { invoiceId: number }>(
    await db.execute(sql`select l.invoice_id as "invoiceId", l.occurrence_id as "occurrenceId", l.guest_id as "guestId",
        l.guest_name as "guestName", to_json(l.starts_at) #>> '{}' as "startsAt", l.title, l.status, l.amount,
        l.package_id as "packageId", l.kind, l.corrects_invoice_id as "correctsInvoiceId"
      from ${billingInvoiceLines} l where l.invoice_id = any(${idList(invoiceIds)}::integer[])
      order by l.invoice_id, l.starts_at, l.occurrence_id, l.guest_id, l.id`),
  );
  for (const { invoiceId, ...line } of rows) {
    lines.get(Number(invoiceId))!.push({
      ...line,
      occurrenceId: Number(line.occurrenceId),
      guestId: Number(line.guestId),
      startsAt: new Date(line.startsAt).toISOString(),
      amount: Number(line.amount),
      packageId: line.packageId === null ? null : Number(line.packageId),
      correctsInvoiceId: line.correctsInvoiceId === null ? null : Number(line.correctsInvoiceId),
    });
  }
  return lines;
}

/** Invoices as GET /api/billing/invoices lists them and GET .../{id} reads one (docs/domain.md#billing). */
export class InvoiceReads {
  constructor(private readonly db: Db) {}

  readonly list = defineList({
    name: 'billing_invoices',
    page: (pageColumns) =>
      this.db
        .select(pageColumns)
        .from(billingInvoices)
        .innerJoin(billingAccounts, eq(billingAccounts.id, billingInvoices.accountId))
        .$dynamic(),
    rows: (page: PageTable) =>
      this.db
        .with(page)
        .select({ ...summaryColumns, totalCount: page.totalCount })
        .from(page)
        .innerJoin(billingInvoices, eq(billingInvoices.id, page.id))
        .innerJoin(billingAccounts, eq(billingAccounts.id, billingInvoices.accountId))
        .$dynamic(),
    search: [billingAccounts.search],
    sorts: {
      date: [desc(billingInvoices.createdAt)],
      account: [asc(billingAccounts.name), desc(billingInvoices.month)],
    },
    id: billingInvoices.id,
    tieBreak: desc(billingInvoices.id),
    filters: {
      status: {
        value: (query: InvoiceListQuery) => query.status,
        where: (value) => sql`${billingInvoices.status} = ${value}`,
      },
      account: {
        value: (query: InvoiceListQuery) => query.accountId,
        where: (value) => sql`${billingInvoices.accountId} = ${value}`,
      },
      month: {
        value: (query: InvoiceListQuery) => query.month,
        where: (value) => sql`${billingInvoices.month} = ${value}`,
      },
      // Payments pay the oldest issued invoices first: unpaid while those up to it total more than was paid.
      unpaid: {
        value: (query: InvoiceListQuery) => (query.unpaid ? true : undefined),
        where: () => sql`${billingInvoices.status} = 'issued' and (
            select coalesce(sum(i2.total), 0) from ${billingInvoices} i2
            where i2.account_id = ${billingInvoices.accountId} and i2.currency = ${billingInvoices.currency}
              and i2.status = 'issued' and (i2.issued_at, i2.id) <= (${billingInvoices.issuedAt}, ${billingInvoices.id})
          ) > (
            select coalesce(sum(p.amount), 0) from ${billingPayments} p
            where p.account_id = ${billingInvoices.accountId} and p.currency = ${billingInvoices.currency}
          )`,
      },
    },
    map: toSummary,
  });

  /** The invoices with their lines, in the order of `ids`. */
  async findMany(db: Executor, ids: readonly number[]): Promise<Invoice[]> {
    if (ids.length === 0) return [];
    const rows = (await db
      .select(summaryColumns)
      .from(billingInvoices)
      .innerJoin(billingAccounts, eq(billingAccounts.id, billingInvoices.accountId))
      .where(sql`${billingInvoices.id} = any(${idList(ids)}::integer[])`)) as SummaryRow[];
    const lines = await linesOf(db, ids);
    const byId = new Map(rows.map((row) => [row.id, { ...toSummary(row), lines: lines.get(row.id) ?? [] }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async find(id: number): Promise<Invoice | undefined> {
    const [invoice] = await this.findMany(this.db, [id]);
    return invoice;
  }
}
