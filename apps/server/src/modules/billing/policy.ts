import {
  type AttendanceStatus,
  type BillingPolicy,
  DEFAULT_CHARGED_STATUSES,
  type UpdateBillingPolicy,
} from '@ritim/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { billingPolicy } from '../../platform/db/schema.js';
import { auditChanges, recordAudit } from '../../platform/audit/record.js';

/** The office's billing policy (docs/domain.md#billing): which marks are charged. One row, the defaults until set. */
export class BillingPolicyService {
  constructor(private readonly db: Db) {}

  async get(db: Executor = this.db): Promise<BillingPolicy> {
    const [row] = await db.select({ chargedStatuses: billingPolicy.chargedStatuses }).from(billingPolicy);
    return {
      chargedStatuses: (row?.chargedStatuses as AttendanceStatus[] | undefined) ?? [...DEFAULT_CHARGED_STATUSES],
    };
  }

  /** PUT /api/billing/policy: stores it (the row locked, so two changes are logged one after the other). */
  update(input: UpdateBillingPolicy): Promise<BillingPolicy> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${billingPolicy} for update`);
      const before = await this.get(tx);
      await tx
        .insert(billingPolicy)
        .values({ id: true, chargedStatuses: input.chargedStatuses })
        .onConflictDoUpdate({
          target: billingPolicy.id,
          set: { chargedStatuses: input.chargedStatuses, updatedAt: sql`now()` },
        });
      const after: BillingPolicy = { chargedStatuses: input.chargedStatuses };
      await recordAudit(tx, {
        action: 'update',
        entityType: 'billing-policy',
        entityId: null,
        entityName: null,
        changes: auditChanges(before, after),
      });
      return after;
    });
  }
}
