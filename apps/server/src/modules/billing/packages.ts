import {
  type BillingPackage,
  type BillingPackageListQuery,
  billingMessages,
  type CreateBillingPackage,
} from '@ritim/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { billingInvoiceLines, billingInvoices, billingPackages } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { defineList } from '../../platform/list.js';
import { auditChanges, recordAudit } from '../../platform/audit/record.js';
import { brokenConstraint, isForeignKeyError } from './sql.js';

/** Sessions of a package that invoices which are not void have used (`pkg`: the package's id expression). */
export const usedSessions = (pkg: unknown) =>
  sql<number>`(select cast(count(*) as integer) from ${billingInvoiceLines} l
    join ${billingInvoices} i on i.id = l.invoice_id where l.package_id = ${pkg} and i.status <> 'void')`;

const packageColumns = {
  id: billingPackages.id,
  accountId: billingPackages.accountId,
  sessions: billingPackages.sessions,
  amount: billingPackages.amount,
  currency: billingPackages.currency,
  eventId: billingPackages.eventId,
  validUntil: billingPackages.validUntil,
  createdAt: billingPackages.createdAt,
  used: usedSessions(sql`${billingPackages}.id`).as('used'),
};

type PackageRow = Omit<BillingPackage, 'createdAt' | 'remaining'> & { createdAt: Date };

const toPackage = (row: PackageRow): BillingPackage => ({
  ...row,
  used: Number(row.used),
  remaining: row.sessions - Number(row.used),
  createdAt: row.createdAt.toISOString(),
});

/** Packages (docs/domain.md#billing): prepaid sessions of an account, used oldest first by the month's run. */
export class BillingPackageService {
  constructor(private readonly db: Db) {}

  readonly list = defineList({
    name: 'billing_packages',
    select: (total) =>
      this.db
        .select({ ...packageColumns, ...total })
        .from(billingPackages)
        .$dynamic(),
    sorts: { date: [asc(billingPackages.createdAt)] },
    id: billingPackages.id,
    filters: {
      account: {
        value: (query: BillingPackageListQuery) => query.accountId,
        where: (value) => sql`${billingPackages.accountId} = ${value}`,
      },
    },
    map: toPackage,
  });

  async find(id: number): Promise<BillingPackage | undefined> {
    const [row] = await this.db.select(packageColumns).from(billingPackages).where(eq(billingPackages.id, id));
    return row && toPackage(row);
  }

  /** POST /api/billing/packages: 400 when the account or the event does not exist. */
  async create(input: CreateBillingPackage, createdBy: number): Promise<BillingPackage> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(billingPackages)
          .values({
            accountId: input.accountId,
            sessions: input.sessions,
            amount: input.amount,
            currency: input.currency,
            eventId: input.eventId ?? null,
            validUntil: input.validUntil ?? null,
            createdBy,
          })
          .returning({ id: billingPackages.id });
        const [stored] = await tx.select(packageColumns).from(billingPackages).where(eq(billingPackages.id, row!.id));
        const created = toPackage(stored as PackageRow);
        await recordAudit(tx, {
          action: 'create',
          entityType: 'billing-packages',
          entityId: created.id,
          entityName: `${created.sessions} × ${created.currency} ${created.amount}`,
          changes: auditChanges(null, created),
        });
        return created;
      });
    } catch (error) {
      if (isForeignKeyError(error)) {
        const constraint = brokenConstraint(error) ?? '';
        throw new AppError(
          400,
          constraint.includes('event') ? billingMessages.eventUnknown : billingMessages.accountUnknown,
        );
      }
      throw error;
    }
  }
}
