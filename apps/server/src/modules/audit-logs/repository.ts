import type { AuditLog, AuditLogList, AuditLogListQuery } from '@ritim/shared';
import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { auditLogCounts, auditLogs } from '../../platform/db/schema.js';
import { dayRange, zoneOf } from '../../lib/time.js';

/** Past this many pieces, the count's rows are folded into one (they grow by one per audit insert). */
const FOLD_AT = 64;

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

/** The ids of an event's sessions, as a subquery (the sessions' module owns their table). */
export type OccurrenceIdsOfEvent = (eventId: number) => SQL;

/** Rows about one session of an event: the session itself, and its attendance marks. */
const SESSION_SECTIONS = ['event-occurrences', 'attendance'] as const;

/** Reads of the audit log; rows are only ever added (record.ts), never changed. */
export class AuditLogRepository {
  constructor(
    private readonly db: Db,
    private readonly occurrenceIdsOfEvent: OccurrenceIdsOfEvent,
  ) {}

  /** `?eventId=`: the event's rows, and its sessions' (each through its own section's index). */
  private ofEvent(eventId: number): SQL | undefined {
    return or(
      and(eq(auditLogs.entityType, 'events'), eq(auditLogs.entityId, eventId)),
      and(
        inArray(auditLogs.entityType, [...SESSION_SECTIONS]),
        inArray(auditLogs.entityId, this.occurrenceIdsOfEvent(eventId)),
      ),
    );
  }

  /** The conditions of a query: each filter has an index ending in (at, id), the order (migration 0018). */
  private where(query: AuditLogListQuery): SQL | undefined {
    const zone = query.timezone === undefined ? 'UTC' : zoneOf(query.timezone);
    const conditions: (SQL | undefined)[] = [
      query.entityType === undefined ? undefined : eq(auditLogs.entityType, query.entityType),
      query.entityId === undefined ? undefined : eq(auditLogs.entityId, query.entityId),
      query.actorId === undefined ? undefined : eq(auditLogs.actorId, query.actorId),
      query.action === undefined ? undefined : eq(auditLogs.action, query.action),
      query.eventId === undefined ? undefined : this.ofEvent(query.eventId),
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
        : where === undefined
          ? await this.rowCount()
          : ((await this.db.select({ total: count() }).from(auditLogs).where(where))[0]?.total ?? 0);
    return { auditLogs: rows.map(toAuditLog), totalCount: total };
  }

  /**
   * The number of audit rows, from the pieces the insert trigger writes (migration 0019) rather than
   * a count of a million index entries. Many pieces are folded into one in a single statement: it
   * deletes the pieces it sees and inserts their sum, so a piece still being written, or one another
   * fold took first, is never counted twice or lost.
   */
  private async rowCount(): Promise<number> {
    const [counted] = await this.db
      .select({
        total: sql<number>`coalesce(sum(${auditLogCounts.rows}), 0)::float8`.mapWith(Number),
        pieces: count(),
      })
      .from(auditLogCounts);
    if ((counted?.pieces ?? 0) > FOLD_AT) {
      await this.db.execute(sql`with folded as (delete from audit_log_counts returning "rows")
        insert into audit_log_counts ("rows") select sum("rows") from folded having count(*) > 0`);
    }
    return counted?.total ?? 0;
  }
}
