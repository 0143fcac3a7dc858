import {
  billingMessages,
  type BillingPayment,
  type BillingPaymentListQuery,
  type CreateBillingPayment,
} from '@ritim/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { billingPayments } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { defineList } from '../../platform/list.js';
import { auditChanges, recordAudit } from '../../platform/audit/record.js';
import { isForeignKeyError } from './sql.js';

const paymentColumns = {
  id: billingPayments.id,
  accountId: billingPayments.accountId,
  amount: billingPayments.amount,
  currency: billingPayments.currency,
  method: billingPayments.method,
  receivedAt: billingPayments.receivedAt,
  note: billingPayments.note,
  createdAt: billingPayments.createdAt,
};

type PaymentRow = Omit<BillingPayment, 'receivedAt' | 'createdAt'> & { receivedAt: Date; createdAt: Date };

const toPayment = (row: PaymentRow): BillingPayment => ({
  ...row,
  receivedAt: row.receivedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** Payments received from accounts (docs/domain.md#billing): they lower the account's balance in their currency. */
export class BillingPaymentService {
  constructor(private readonly db: Db) {}

  readonly list = defineList({
    name: 'billing_payments',
    select: (total) =>
      this.db
        .select({ ...paymentColumns, ...total })
        .from(billingPayments)
        .$dynamic(),
    sorts: { date: [desc(billingPayments.receivedAt)] },
    id: billingPayments.id,
    tieBreak: desc(billingPayments.id),
    filters: {
      account: {
        value: (query: BillingPaymentListQuery) => query.accountId,
        where: (value) => sql`${billingPayments.accountId} = ${value}`,
      },
    },
    map: toPayment,
  });

  /** POST /api/billing/payments: 400 when the account does not exist. */
  async create(input: CreateBillingPayment, createdBy: number): Promise<BillingPayment> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(billingPayments)
          .values({
            accountId: input.accountId,
            amount: input.amount,
            currency: input.currency,
            method: input.method,
            receivedAt: new Date(input.receivedAt),
            note: input.note ?? null,
            createdBy,
          })
          .returning({ id: billingPayments.id });
        const [stored] = await tx.select(paymentColumns).from(billingPayments).where(eq(billingPayments.id, row!.id));
        const payment = toPayment(stored!);
        await recordAudit(tx, {
          action: 'create',
          entityType: 'billing-payments',
          entityId: payment.id,
          entityName: `${payment.currency} ${payment.amount}`,
          changes: auditChanges(null, payment),
        });
        return payment;
      });
    } catch (error) {
      if (isForeignKeyError(error)) throw new AppError(400, billingMessages.accountUnknown);
      throw error;
    }
  }
}
