import type { MessageLog, MessageLogListQuery } from '@ritim/shared';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import { eventOccurrences, events, messageLogs, users } from '../../db/schema.js';
import { searchPattern } from '../../lib/list.js';
import { dayRange, zoneOf } from '../event-occurrences/service.js';

/** The guests a message is about, as one JSON array per row (one query per page). */
const guestList = sql<MessageLog['guests']>`(select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name,
  'surname', g.surname) order by g.name, g.surname, g.id), '[]'::json)
  from ${users} g where g.id = any(${messageLogs.guestIds}))`;

const columns = {
  id: messageLogs.id,
  type: messageLogs.type,
  status: messageLogs.status,
  message: messageLogs.body,
  subject: messageLogs.subject,
  error: messageLogs.error,
  attempts: messageLogs.attempts,
  recipientUserId: messageLogs.recipientUserId,
  recipientGroupId: messageLogs.recipientMessageGroupId,
  recipientName: messageLogs.recipientName,
  guests: guestList,
  month: messageLogs.month,
  occurrenceId: eventOccurrences.id,
  occurrenceStartsAt: eventOccurrences.startsAt,
  eventId: events.id,
  eventTitle: events.title,
  eventZone: events.timezone,
  createdAt: messageLogs.createdAt,
  sentAt: messageLogs.sentAt,
};

/** A page's rows: each log with its occurrence and event, when it has one. */
const selectLogs = (db: Db) =>
  db
    .select(columns)
    .from(messageLogs)
    .leftJoin(eventOccurrences, eq(eventOccurrences.id, messageLogs.occurrenceId))
    .leftJoin(events, eq(events.id, eventOccurrences.eventId))
    .$dynamic();

type Row = Awaited<ReturnType<typeof selectLogs>>[number];

const toMessageLog = (row: Row): MessageLog => ({
  id: row.id,
  type: row.type,
  status: row.status,
  message: row.message,
  subject: row.subject,
  error: row.error,
  attempts: row.attempts,
  recipient:
    row.recipientGroupId !== null
      ? { kind: 'group', id: row.recipientGroupId, name: row.recipientName }
      : { kind: 'user', id: row.recipientUserId, name: row.recipientName },
  guests: row.guests,
  month: row.month,
  eventOccurrence:
    row.occurrenceId === null || row.eventId === null
      ? null
      : {
          id: row.occurrenceId,
          occurrenceDate: row.occurrenceStartsAt!.toISOString(),
          event: { id: row.eventId, title: row.eventTitle!, timezone: row.eventZone! },
        },
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** The Message Log (spec §2): the outbox rows, newest first, by the day they were queued. */
export class MessageLogService {
  constructor(private readonly db: Db) {}

  /**
   * `date`: queued that day in `timezone` (else the caller's); `occurrenceDate`: about that day's
   * occurrences; `status`, `type`; `q` in the recipient, the text or the event's title.
   */
  async list(
    query: MessageLogListQuery,
    viewer: SessionUser,
  ): Promise<{ messageLogs: MessageLog[]; totalCount: number }> {
    const zone = zoneOf(query.timezone ?? viewer.timezone);
    const conditions: (SQL | undefined)[] = [];
    if (query.date) {
      const [start, end] = dayRange(query.date, zone);
      conditions.push(gte(messageLogs.createdAt, new Date(start)), lt(messageLogs.createdAt, new Date(end)));
    }
    if (query.occurrenceDate) {
      const [start, end] = dayRange(query.occurrenceDate, zone);
      conditions.push(gte(eventOccurrences.startsAt, new Date(start)), lt(eventOccurrences.startsAt, new Date(end)));
    }
    if (query.status) conditions.push(eq(messageLogs.status, query.status));
    if (query.type) conditions.push(eq(messageLogs.type, query.type));
    if (query.q && query.q.length > 0) {
      const pattern = searchPattern(query.q);
      conditions.push(
        sql`ritim_fold(${messageLogs.recipientName} || ' ' || ${messageLogs.body} || ' ' || coalesce(${events.title}, ''))
          like ritim_fold(${pattern})`,
      );
    }
    const rows = await selectLogs(this.db)
      .where(and(...conditions))
      .orderBy(desc(messageLogs.createdAt), desc(messageLogs.id))
      .limit(query.limit)
      .offset(query.offset);
    const [counted] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(messageLogs)
      .leftJoin(eventOccurrences, eq(eventOccurrences.id, messageLogs.occurrenceId))
      .leftJoin(events, eq(events.id, eventOccurrences.eventId))
      .where(and(...conditions));
    return { messageLogs: rows.map(toMessageLog), totalCount: counted?.count ?? 0 };
  }

  async find(id: number): Promise<MessageLog | undefined> {
    const [row] = await selectLogs(this.db).where(eq(messageLogs.id, id));
    return row ? toMessageLog(row) : undefined;
  }
}
