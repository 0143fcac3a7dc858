import { billingMessages, type Invoice, type VoidInvoice } from '@ritim/shared';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../platform/db/client.js';
import { billingInvoiceNumbers, billingInvoices } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/record.js';
import { InvoiceReads } from './invoices.js';
import { invoiceName } from './run.js';

/**
 * An invoice's states (docs/domain.md#billing): a draft is issued once, taking the next number of
 * its year (`YYYY-NNNN`) from that year's counter row, whose lock makes two issues at once wait for
 * each other and whose rollback with a failed issue leaves no gap. An issued invoice never changes;
 * voiding it (or a draft) frees its sessions and package uses for the next run.
 */
export class InvoiceStates {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly reads = new InvoiceReads(db),
  ) {}

  /** POST .../issue: 404 unknown, 409 unless a draft. */
  issue(id: number): Promise<Invoice> {
    return this.db.transaction(async (tx) => {
      const current = await this.lock(tx, id);
      if (current.status !== 'draft') throw new AppError(409, billingMessages.notDraft({ status: current.status }));
      const issuedAt = this.now();
      const year = DateTime.fromJSDate(issuedAt, { zone: current.timezone }).year;
      const [counter] = await tx
        .insert(billingInvoiceNumbers)
        .values({ year, last: 1 })
        .onConflictDoUpdate({
          target: billingInvoiceNumbers.year,
          set: { last: sql`${billingInvoiceNumbers.last} + 1` },
        })
        .returning({ last: billingInvoiceNumbers.last });
      const number = `${year}-${String(counter!.last).padStart(4, '0')}`;
      await tx
        .update(billingInvoices)
        .set({ status: 'issued', number, issuedAt, updatedAt: sql`now()` })
        .where(eq(billingInvoices.id, id));
      const [invoice] = await this.reads.findMany(tx, [id]);
      await recordAudit(tx, {
        action: 'issue',
        entityType: 'billing-invoices',
        entityId: id,
        entityName: number,
        changes: {
          status: { from: 'draft', to: 'issued' },
          number: { from: null, to: number },
          total: { from: invoice!.total, to: invoice!.total },
        },
      });
      return invoice!;
    });
  }

  /** POST .../void: 404 unknown, 409 when void already. */
  void(id: number, input: VoidInvoice): Promise<Invoice> {
    return this.db.transaction(async (tx) => {
      const current = await this.lock(tx, id);
      if (current.status === 'void') throw new AppError(409, billingMessages.alreadyVoid);
      await tx
        .update(billingInvoices)
        .set({ status: 'void', voidedAt: this.now(), voidReason: input.reason, updatedAt: sql`now()` })
        .where(eq(billingInvoices.id, id));
      const [invoice] = await this.reads.findMany(tx, [id]);
      await recordAudit(tx, {
        action: 'void',
        entityType: 'billing-invoices',
        entityId: id,
        entityName: invoiceName(invoice!),
        changes: { status: { from: current.status, to: 'void' }, reason: { from: null, to: input.reason } },
      });
      return invoice!;
    });
  }

  /** The invoice's row, locked until the transaction ends; 404 when there is none. */
  private async lock(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: number) {
    const [row] = await tx
      .select({ status: billingInvoices.status, timezone: billingInvoices.timezone })
      .from(billingInvoices)
      .where(eq(billingInvoices.id, id))
      .for('update');
    if (!row) throw new AppError(404, billingMessages.invoiceNotFound);
    return row;
  }
}
