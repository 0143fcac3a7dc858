import type { OccurrenceCover, OccurrenceStatus } from '@ritim/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import {
  eventGuests,
  eventOccurrences,
  events,
  occurrenceCovers,
  occurrenceGuests,
  users,
} from '../../platform/db/schema.js';
import { jsonColumn } from '../../lib/json-column.js';
import { idArray } from '../users/active-guests.js';
import { coverJson, guestsAmong, notCancelled, organiserOf } from '../event-occurrences/index.js';
import type { Executor, Tx } from '../../platform/db/client.js';

/**
 * The occurrence side of cover (docs/domain.md#cover): the cover record of a session, giving it to a
 * substitute and back, and what the cover module asks of sessions (whose they are, who is busy
 * when, who knows whose guests). A covered session's `cover_organiser_id` is its organiser for
 * every read (`organiserOf`, rules.ts); its occurrence_covers row keeps whose it was.
 */

/** A session as cover reads it: when, where it stands, whose it is and whose its event is. */
export interface CoverOccurrence {
  id: number;
  eventId: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  status: OccurrenceStatus;
  /** Its organiser now (`organiserOf`: the substitute while covered). */
  organiserId: number;
  /** Its event's organiser. */
  eventOrganiserId: number;
  /** The substitute, or null when it is not covered. */
  coverOrganiserId: number | null;
}

/** A session someone organises over an interval, as the free checks read it. */
export interface BusySpan {
  organiserId: number;
  occurrenceId: number;
  startsAt: Date;
  endsAt: Date;
}

type Raw<T> = { [K in keyof T]: unknown };

const toCoverOccurrence = (row: Raw<CoverOccurrence>): CoverOccurrence => ({
  id: Number(row.id),
  eventId: Number(row.eventId),
  title: String(row.title),
  startsAt: new Date(row.startsAt as string | Date),
  endsAt: new Date(row.endsAt as string | Date),
  status: row.status as OccurrenceStatus,
  organiserId: Number(row.organiserId),
  eventOrganiserId: Number(row.eventOrganiserId),
  coverOrganiserId: row.coverOrganiserId === null ? null : Number(row.coverOrganiserId),
});

const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> => ((await db.execute(query)) as { rows: T[] }).rows;

const occurrenceColumns = sql`o.id, o.event_id as "eventId", e.title, o.starts_at as "startsAt", o.ends_at as "endsAt",
  o.status, ${organiserOf(sql`o`, sql`e`)} as "organiserId", e.organiser_id as "eventOrganiserId",
  o.cover_organiser_id as "coverOrganiserId"`;

/** The advisory lock space of an organiser's bookings (make-ups' too, makeup/makeups.ts). */
const ORGANISER_LOCK = 0x6d6b00;

/** An instant as a timestamptz parameter. */
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** The reads and writes of covers (`occurrence_covers` and the occurrence's `cover_organiser_id`). */
export class OccurrenceCovers {
  /** Sessions by id (those that exist), by start; with `lock`, held FOR UPDATE until the transaction ends. */
  async sessions(db: Executor, ids: readonly number[], lock = false): Promise<CoverOccurrence[]> {
    if (ids.length === 0) return [];
    const rows = await rowsOf<Raw<CoverOccurrence>>(
      db,
      sql`select ${occurrenceColumns} from ${eventOccurrences} o join ${events} e on e.id = o.event_id
        where o.id = any(${idArray(ids)}::integer[]) order by o.starts_at, o.id${lock ? sql` for update of o` : sql``}`,
    );
    return rows.map(toCoverOccurrence);
  }

  /**
   * The sessions `userId` organises (`organiserOf`) starting in [from, to) that are not cancelled
   * and not completed: what their time off affects. By start.
   */
  async sessionsOf(db: Executor, userId: number, from: Date, to: Date): Promise<CoverOccurrence[]> {
    const rows = await rowsOf<Raw<CoverOccurrence>>(
      db,
      sql`select ${occurrenceColumns} from ${eventOccurrences} o join ${events} e on e.id = o.event_id
        where o.starts_at >= ${at(from)} and o.starts_at < ${at(to)}
          and ${organiserOf(sql`o`, sql`e`)} = ${userId}
          and o.status not in ('cancelled', 'completed')
        order by o.starts_at, o.id`,
    );
    return rows.map(toCoverOccurrence);
  }

  /**
   * The sessions starting in [from, to) that are not cancelled or completed and not covered, of
   * the organisers in `spans` whose start falls in one of that organiser's spans (their time off):
   * what needs cover. By start; at most `limit` after `offset`, and their total.
   */
  async uncoveredIn(
    db: Executor,
    spans: readonly { userId: number; from: Date; to: Date }[],
    from: Date,
    to: Date,
    page: { limit: number; offset: number },
  ): Promise<{ ids: number[]; total: number }> {
    if (spans.length === 0) return { ids: [], total: 0 };
    const list = (values: readonly string[], type: string) => sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
    const [row] = await rowsOf<{ ids: number[] | string; total: unknown }>(
      db,
      sql`with off as materialized (
          select * from unnest(${list(
            spans.map((span) => String(span.userId)),
            'integer',
          )}, ${list(
            spans.map((span) => span.from.toISOString()),
            'timestamptz',
          )}, ${list(
            spans.map((span) => span.to.toISOString()),
            'timestamptz',
          )}) as t(user_id, s, e)),
        hits as materialized (
          select o.id, o.starts_at from ${eventOccurrences} o join ${events} e on e.id = o.event_id
          where o.starts_at >= ${at(from)} and o.starts_at < ${at(to)} and o.cover_organiser_id is null
            and o.status not in ('cancelled', 'completed')
            and exists (select 1 from off where off.user_id = e.organiser_id and o.starts_at >= off.s and o.starts_at < off.e))
        select (select count(*) from hits) as total,
          (select coalesce(json_agg(p.id order by p.starts_at, p.id), '[]'::json)
            from (select id, starts_at from hits order by starts_at, id limit ${page.limit} offset ${page.offset}) p) as ids`,
    );
    return { ids: row ? jsonColumn(row.ids).map(Number) : [], total: Number(row?.total ?? 0) };
  }

  /**
   * The sessions (not cancelled) that `userIds` organise (`organiserOf`) overlapping [from, to),
   * half-open: what makes them busy then. By organiser, then start.
   */
  async busy(db: Executor, userIds: readonly number[], from: Date, to: Date): Promise<BusySpan[]> {
    if (userIds.length === 0) return [];
    const ids = sql`${idArray(userIds)}::integer[]`;
    const rows = await rowsOf<Raw<BusySpan>>(
      db,
      sql`select ${organiserOf(sql`o`, sql`e`)} as "organiserId", o.id as "occurrenceId", o.starts_at as "startsAt",
          o.ends_at as "endsAt"
        from ${eventOccurrences} o join ${events} e on e.id = o.event_id
        where o.starts_at < ${at(to)} and o.ends_at > ${at(from)} and ${notCancelled(sql`o`)}
          -- A session of at most a day that overlaps [from, to) starts less than a day before it
          -- (the starts_at index reads only that), a longer one is found by its duration.
          and (o.starts_at > ${at(from)} - interval '1 day' or o.ends_at - o.starts_at > interval '1 day')
          and (o.cover_organiser_id = any(${ids}) or (o.cover_organiser_id is null and e.organiser_id = any(${ids})))
        order by 1, o.starts_at, o.id`,
    );
    return rows.map((row) => ({
      organiserId: Number(row.organiserId),
      occurrenceId: Number(row.occurrenceId),
      startsAt: new Date(row.startsAt as string | Date),
      endsAt: new Date(row.endsAt as string | Date),
    }));
  }

  /**
   * For each of `occurrenceIds` and each of `userIds`: how many of the session's guests (active
   * users) the user organised a session for (`organiserOf`, not cancelled) starting in [since,
   * until). Only the pairs above zero.
   */
  async knownGuests(
    db: Executor,
    occurrenceIds: readonly number[],
    userIds: readonly number[],
    since: Date,
    until: Date,
  ): Promise<{ occurrenceId: number; userId: number; known: number }[]> {
    if (occurrenceIds.length === 0 || userIds.length === 0) return [];
    const rows = await rowsOf<{ occurrenceId: unknown; userId: unknown; known: unknown }>(
      db,
      sql`with target as materialized (
          select o.id, o.event_id, o.has_guest_override from ${eventOccurrences} o
          where o.id = any(${idArray(occurrenceIds)}::integer[])),
        target_guests as materialized (
          select distinct t.occurrence_id, t.user_id from ${guestsAmong(sql`target`)} t
          join ${users} g on g.id = t.user_id and g.status = 'active'),
        -- Only the sessions that may have one of those guests: of an event listing one (its own
        -- list aside; through the index on event and start), or with one on its own list.
        maybe as materialized (
          select o.id from ${eventOccurrences} o
          where o.event_id in (select eg.event_id from ${eventGuests} eg
              where eg.user_id in (select user_id from target_guests))
            and o.starts_at >= ${at(since)} and o.starts_at < ${at(until)}
          union
          select og.occurrence_id from ${occurrenceGuests} og
          where og.user_id in (select user_id from target_guests)),
        past as materialized (
          select o.id, o.event_id, o.has_guest_override, ${organiserOf(sql`o`, sql`e`)} as organiser_id
          from ${eventOccurrences} o join ${events} e on e.id = o.event_id
          where o.id = any(array(select id from maybe)) and o.starts_at >= ${at(since)} and o.starts_at < ${at(until)} and ${notCancelled(sql`o`)}
            and (o.cover_organiser_id = any(${idArray(userIds)}::integer[])
              or (o.cover_organiser_id is null and e.organiser_id = any(${idArray(userIds)}::integer[])))),
        known as materialized (
          select distinct pg.organiser_id, pg.user_id
          from ${guestsAmong(sql`past`, sql`array(select user_id from target_guests)`, sql`, o.organiser_id`)} pg)
        select tg.occurrence_id as "occurrenceId", k.organiser_id as "userId", count(*) as known
        from target_guests tg join known k on k.user_id = tg.user_id
        group by 1, 2`,
    );
    return rows.map((row) => ({
      occurrenceId: Number(row.occurrenceId),
      userId: Number(row.userId),
      known: Number(row.known),
    }));
  }

  /** How many covers were given to each of `userIds` since `since` (only those above zero). */
  async coversSince(db: Executor, userIds: readonly number[], since: Date): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await rowsOf<{ userId: unknown; count: unknown }>(
      db,
      sql`select c.organiser_id as "userId", count(*) as count from ${occurrenceCovers} c
        where c.organiser_id = any(${idArray(userIds)}::integer[]) and c.covered_at >= ${at(since)}
        group by 1`,
    );
    return new Map(rows.map((row) => [Number(row.userId), Number(row.count)]));
  }

  /**
   * Holds each of `userIds` as an organiser until the transaction ends (in id order, so two
   * writers never wait on each other in a circle): the lock space make-up bookings take for an
   * organiser too, so two covers, or a cover and a make-up, never both see someone free.
   */
  async lockOrganisers(tx: Tx, userIds: readonly number[]): Promise<void> {
    for (const id of [...new Set(userIds)].sort((a, b) => a - b)) {
      await tx.execute(sql`select pg_advisory_xact_lock(${ORGANISER_LOCK}::integer, ${id}::integer)`);
    }
  }

  /** The session is given to `organiserId` (it holds the row FOR UPDATE); a cover before is replaced. */
  async cover(tx: Tx, session: CoverOccurrence, organiserId: number, by: number, now: Date): Promise<void> {
    await tx.delete(occurrenceCovers).where(eq(occurrenceCovers.occurrenceId, session.id));
    await tx.insert(occurrenceCovers).values({
      occurrenceId: session.id,
      organiserId,
      originalOrganiserId: session.eventOrganiserId,
      coveredBy: by,
      coveredAt: now,
    });
    await tx
      .update(eventOccurrences)
      .set({ coverOrganiserId: organiserId, updatedAt: sql`now()` })
      .where(eq(eventOccurrences.id, session.id));
  }

  /** The session goes back to its event's organiser (it holds the row FOR UPDATE). */
  async uncover(tx: Tx, occurrenceId: number): Promise<void> {
    await tx.delete(occurrenceCovers).where(eq(occurrenceCovers.occurrenceId, occurrenceId));
    await tx
      .update(eventOccurrences)
      .set({ coverOrganiserId: null, updatedAt: sql`now()` })
      .where(eq(eventOccurrences.id, occurrenceId));
  }

  /** The cover of one session in the API's shape, or null. */
  async coverOf(db: Executor, occurrenceId: number): Promise<OccurrenceCover | null> {
    const [row] = await rowsOf<{ cover: OccurrenceCover | string | null }>(
      db,
      sql`select ${coverJson(sql`${occurrenceId}::integer`)} as cover`,
    );
    return row?.cover ? jsonColumn(row.cover) : null;
  }
}
