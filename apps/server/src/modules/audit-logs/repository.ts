import type { AuditLog, AuditLogList, AuditLogListQuery } from '@ritim/shared';
import { and, count, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLogs } from '../../db/schema.js';
import { dayRange, zoneOf } from '../../lib/time.js';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

const toAuditLog = (row: typeof auditLogs.$inferSelect): AuditLog => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorId === null ? null : { id: row.actorId, username: row.actorUsername ?? '' },
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  entityName: row.entityName,
  changes: row.changes,
  requestId: row.requestId,
});

/** Reads of the audit log; rows are only ever added (record.ts), never changed. */
export class AuditLogRepository {
  constructor(private readonly db: Db) {}

  /** The conditions of a query: each filter has an index ending in (at, id), the order (migration 0017). */
  private where(query: AuditLogListQuery): SQL | undefined {
    const zone = query.timezone === undefined ? 'UTC' : zoneOf(query.timezone);
    const conditions: (SQL | undefined)[] = [
      query.entityType === undefined ? undefined : eq(auditLogs.entityType, query.entityType),
      query.entityId === undefined ? undefined : eq(auditLogs.entityId, query.entityId),
      query.actorId === undefined ? undefined : eq(auditLogs.actorId, query.actorId),
      query.action === undefined ? undefined : eq(auditLogs.action, query.action),
    ];
    if (query.from !== undefined) {
      const from = isDay(query.from) ? new Date(dayRange(query.from, zone)[0]) : new Date(query.from);
      conditions.push(gte(auditLogs.at, from));
    }
    if (query.to !== undefined) {
      conditions.push(
        isDay(query.to)
          ? lt(auditLogs.at, new Date(dayRange(query.to, zone)[1]))
          : lte(auditLogs.at, new Date(query.to)),
      );
    }
    return and(...conditions);
  }

  /** GET /api/audit-logs: newest first (ties by id), a page and the total. */
  async list(query: AuditLogListQuery): Promise<AuditLogList> {
    const where = this.where(query);
    const rows = await this.db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.at), desc(auditLogs.id))
      .limit(query.limit)
      .offset(query.offset);
    // The page is the whole answer when it is not full: no second scan for the total.
    const total =
      rows.length < query.limit && (rows.length > 0 || query.offset === 0)
        ? query.offset + rows.length
        : ((await this.db.select({ total: count() }).from(auditLogs).where(where))[0]?.total ?? 0);
    return { auditLogs: rows.map(toAuditLog), totalCount: total };
  }
}
