import type { MessageLog, MessageLogListQuery } from '@ritim/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { jsonColumn } from '../../lib/json-column.js';
import { messageLogs, users } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';
import { dayRange, zoneOf } from '../../lib/time.js';
import { eventTitleOf, occurrenceRefOf, startsWithin } from '../event-occurrences/index.js';
import { peopleJson } from '../users/people-json.js';

/** The guests a message is about, as one JSON array per row (one query per page). */
const guestList = peopleJson<MessageLog['guests']>(
  sql`from ${users} p where p.id = any(${messageLogs.guestIds})`,
  false,
);

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
  guests: guestList.as('guests'),
  month: messageLogs.month,
  occurrence: occurrenceRefOf(messageLogs.occurrenceId).as('occurrence'),
  createdAt: messageLogs.createdAt,
  sentAt: messageLogs.sentAt,
};

interface Row {
  id: number;
  type: MessageLog['type'];
  status: MessageLog['status'];
  message: string;
  subject: string;
  error: string | null;
  attempts: number;
  recipientUserId: number | null;
  recipientGroupId: number | null;
  recipientName: string;
  guests: MessageLog['guests'] | string;
  month: string | null;
  occurrence: MessageLog['eventOccurrence'] | string;
  createdAt: Date;
  sentAt: Date | null;
}

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
  guests: jsonColumn(row.guests),
  month: row.month,
  eventOccurrence: jsonColumn(row.occurrence),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** The list's request once its days are read in the zone: `tstzrange` texts. */
type LogPageQuery = Omit<MessageLogListQuery, 'date' | 'occurrenceDate' | 'timezone'> & {
  queued?: string | undefined;
  about?: string | undefined;
};

const range = (day: string, zone: string) => {
  const [start, end] = dayRange(day, zone);
  return `[${new Date(start).toISOString()},${new Date(end).toISOString()})`;
};

/** The Message Log (docs/product.md §2): the outbox rows, newest first, by the day they were queued. */
export class MessageLogService {
  constructor(private readonly db: Db) {}

  private readonly page = defineList<LogPageQuery, Row, MessageLog>({
    name: 'message_logs',
    page: (pageColumns) => this.db.select(pageColumns).from(messageLogs).$dynamic(),
    rows: (page) =>
      this.db
        .with(page)
        .select({ ...columns, totalCount: page.totalCount })
        .from(page)
        .innerJoin(messageLogs, eq(messageLogs.id, page.id))
        .$dynamic(),
    // The recipient, the text or the event's title.
    search: (pattern) =>
      sql`ritim_fold(${messageLogs.recipientName} || ' ' || ${messageLogs.body} || ' ' || ${eventTitleOf(messageLogs.occurrenceId)})
        like ritim_fold(${pattern})`,
    sorts: { newest: [desc(messageLogs.createdAt)] },
    tieBreak: desc(messageLogs.id),
    id: messageLogs.id,
    filters: {
      queued: {
        value: (query) => query.queued,
        where: (day) =>
          sql`${messageLogs.createdAt} >= lower(cast(${day} as tstzrange)) and ${messageLogs.createdAt} < upper(cast(${day} as tstzrange))`,
      },
      about: { value: (query) => query.about, where: (day) => startsWithin(messageLogs.occurrenceId, day) },
      status: { value: (query) => query.status, where: (status) => eq(messageLogs.status, status) },
      type: { value: (query) => query.type, where: (type) => eq(messageLogs.type, type) },
    },
    map: toMessageLog,
  });

  /**
   * `date`: queued that day in `timezone` (else the caller's); `occurrenceDate`: about that day's
   * occurrences; `status`, `type`; `q` in the recipient, the text or the event's title.
   */
  async list(
    query: MessageLogListQuery,
    viewer: SessionUser,
  ): Promise<{ messageLogs: MessageLog[]; totalCount: number }> {
    const zone = zoneOf(query.timezone ?? viewer.timezone);
    const { date, occurrenceDate, timezone: _timezone, ...rest } = query;
    const page = await this.page(
      {
        ...rest,
        queued: date ? range(date, zone) : undefined,
        about: occurrenceDate ? range(occurrenceDate, zone) : undefined,
      },
      viewer,
    );
    return { messageLogs: page.items, totalCount: page.totalCount };
  }

  async find(id: number): Promise<MessageLog | undefined> {
    const [row] = await this.db.select(columns).from(messageLogs).where(eq(messageLogs.id, id));
    return row ? toMessageLog(row) : undefined;
  }
}
