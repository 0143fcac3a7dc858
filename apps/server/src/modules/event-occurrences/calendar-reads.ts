import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { eventOccurrences, events, locations, occurrenceCancellations } from '../../platform/db/schema.js';
import type { ListViewer } from '../../platform/list.js';
import { calendarOccurrenceColumns, joinEvent, organisers, occurrenceColumns } from './columns.js';
import { isOccurrenceGuest, occurrenceOrganiserId, visibleTo } from './rules.js';
import { makeupJson } from './embedded.js';

/** A calendar read's range and the admin's filters. */
export interface CalendarRange {
  from: Date;
  to: Date;
  organiserId?: number | undefined;
  locationId?: number | undefined;
  guestId?: number | undefined;
}

/**
 * A cut calendar read: at most `limit` sessions in each bucket, the range split at `bounds`
 * (ascending instants, the first at or before the range's start); `days` splits it into days.
 */
export interface CalendarCut {
  days: Date[];
  bounds: Date[];
  limit: number;
}

/** The calendar reads: the calendar screen's range and a person's feed. */
export class CalendarReads {
  constructor(private readonly db: Db) {}

  /**
   * A person's calendar feed: the occurrences starting from `from` that they organise or are a
   * guest of (its own list or its event's; `visibleTo('own')`), by start, with what a calendar
   * entry shows (calendar-feed/ics.ts); with a `page`, the `limit` after `after` (keyset on start, id).
   */
  calendarOf(userId: number, from: Date, page?: { after: { startsAt: Date; id: number } | null; limit: number }) {
    const query = joinEvent(this.db.select(calendarOccurrenceColumns).from(eventOccurrences).$dynamic())
      .where(
        and(
          gte(eventOccurrences.startsAt, from),
          visibleTo('own', userId),
          page?.after
            ? sql`(${eventOccurrences.startsAt}, ${eventOccurrences.id}) > (${page.after.startsAt.toISOString()}::timestamptz, ${page.after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
    return page ? query.limit(page.limit) : query;
  }

  /**
   * The data version of `calendarOf(userId, from)`: a digest (md5, computed by the database) of
   * every column a feed entry shows, of every session it holds, in order. Equal digests, equal
   * entries; a read of a few dozen bytes rather than the rows (the feed's ETag, calendar-feed).
   */
  async calendarVersionOf(userId: number, from: Date): Promise<string> {
    const row = sql`concat_ws('|', ${eventOccurrences.id}, ${eventOccurrences.startsAt}, ${eventOccurrences.endsAt},
      ${eventOccurrences.status}, ${eventOccurrences.updatedAt}, ${events.title}, ${events.description},
      ${events.conferenceLink}, ${locations.name}, ${organisers.username}, ${organisers.name}, ${organisers.surname})`;
    const [result] = await joinEvent(
      this.db
        .select({
          digest: sql<
            string | null
          >`md5(string_agg(${row}, E'\n' order by ${eventOccurrences.startsAt}, ${eventOccurrences.id}))`,
          count: sql<number>`count(*)`.mapWith(Number),
        })
        .from(eventOccurrences)
        .$dynamic(),
    ).where(and(gte(eventOccurrences.startsAt, from), visibleTo('own', userId)));
    return `${result?.count ?? 0}-${result?.digest ?? ''}`;
  }

  /**
   * The sessions starting in [from, to) a viewer sees, narrowed by organiser, location or guest,
   * by start, with their event's details (one query for the range; no page). With a `cut`, only
   * the first `limit` sessions (by start, then id) of each of its buckets (the range split at
   * `bounds`: days or hours) are kept, each row carrying its day's count (the range split at `days`).
   */
  async calendarRange(viewer: ListViewer, range: CalendarRange, cut?: CalendarCut) {
    const where = and(
      gte(eventOccurrences.startsAt, range.from),
      lt(eventOccurrences.startsAt, range.to),
      visibleTo(viewer.role, viewer.id),
      range.organiserId === undefined ? undefined : eq(occurrenceOrganiserId, range.organiserId),
      range.locationId === undefined ? undefined : eq(events.locationId, range.locationId),
      range.guestId === undefined ? undefined : isOccurrenceGuest(range.guestId),
    );
    // Aliased: the subquery of a cut needs one name per column (three tables have an id and a name).
    const fields = {
      ...occurrenceColumns,
      eventId: eventOccurrences.eventId,
      title: events.title,
      timezone: events.timezone,
      locationId: sql<number>`${locations.id}`.as('location_id'),
      locationName: sql<string>`${locations.name}`.as('location_name'),
      organiserId: sql<number>`${organisers.id}`.as('organiser_id'),
      organiserName: sql<string | null>`${organisers.name}`.as('organiser_name'),
      organiserSurname: sql<string | null>`${organisers.surname}`.as('organiser_surname'),
      // Looked up only for the few cancelled sessions.
      cancellationReason: sql<string | null>`case when ${eventOccurrences.status} = 'cancelled' then
        (select c.reason from ${occurrenceCancellations} c where c.occurrence_id = ${eventOccurrences.id}) end`.as(
        'cancellation_reason',
      ),
      makeupOf: makeupJson(sql`${eventOccurrences}`).as('makeup_of'),
    };
    if (!cut) {
      const rows = await joinEvent(this.db.select(fields).from(eventOccurrences).$dynamic())
        .where(where)
        .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
      return rows.map((row) => ({ ...row, day: null, dayCount: null }));
    }
    // width_bucket(t, bounds) is the number of bounds <= t: the day (or hour) a start falls in,
    // whatever the zone, as the bounds were computed in it (not by the database's zone data).
    const bucket = (bounds: Date[]) =>
      sql`width_bucket(${eventOccurrences.startsAt}, ${`{${bounds.map((bound) => bound.toISOString()).join(',')}}`}::timestamptz[])`;
    const day = bucket(cut.days);
    const ranked = joinEvent(
      this.db
        .select({
          ...fields,
          day: sql<number>`${day}`.as('day'),
          dayCount: sql<number>`count(*) over (partition by ${day})`.as('day_count'),
          place: sql<number>`row_number() over (partition by ${bucket(cut.bounds)}
          order by ${eventOccurrences.startsAt}, ${eventOccurrences.id})`.as('place'),
        })
        .from(eventOccurrences)
        .$dynamic(),
    )
      .where(where)
      .as('ranked');
    return this.db
      .select({
        id: ranked.id,
        eventId: ranked.eventId,
        startsAt: ranked.startsAt,
        endsAt: ranked.endsAt,
        status: ranked.status,
        title: ranked.title,
        timezone: ranked.timezone,
        locationId: ranked.locationId,
        locationName: ranked.locationName,
        organiserId: ranked.organiserId,
        organiserName: ranked.organiserName,
        organiserSurname: ranked.organiserSurname,
        cancellationReason: ranked.cancellationReason,
        makeupOf: ranked.makeupOf,
        day: sql<number>`${ranked.day}`.mapWith(Number),
        dayCount: sql<number>`${ranked.dayCount}`.mapWith(Number),
      })
      .from(ranked)
      .where(sql`${ranked.place} <= ${cut.limit}`)
      .orderBy(asc(ranked.startsAt), asc(ranked.id));
  }
}
