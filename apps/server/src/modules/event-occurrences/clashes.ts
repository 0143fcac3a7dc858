import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { eventOccurrences, events, locations, users } from '../../platform/db/schema.js';
import { idArray } from '../users/active-guests.js';
import { guestsAmong, hasGuestAmong, notCancelled, organiserOf } from './rules.js';

export interface ClashCandidates {
  starts: readonly Date[];
  ends: readonly Date[];
  organiserId?: number | undefined;
  locationId?: number | undefined;
  guestIds?: readonly number[] | undefined;
  /** The event being edited: its own occurrences never clash with it. */
  excludeEventId?: number | undefined;
  /** The occurrence being changed: it never clashes with itself. */
  excludeOccurrenceId?: number | undefined;
}

/** One stored occurrence a candidate clashes with, by kind and person/room. */
export interface ClashRow {
  kind: 'organiser' | 'guest' | 'location';
  occurrenceId: number;
  eventId: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  userId: number | null;
  locationId: number | null;
  name: string | null;
  surname: string | null;
  /** The username, or the location's name for a room. */
  label: string;
}

/** A clash between two stored occurrences: the row (the later of the two) and the one it clashes `with`. */
export interface PairClashRow extends ClashRow {
  withOccurrenceId: number;
  withEventId: number;
  withTitle: string;
  withStartsAt: Date;
  withEndsAt: Date;
}

const toClash = (row: Record<string, unknown>): ClashRow => ({
  kind: row.kind as ClashRow['kind'],
  occurrenceId: Number(row.occurrenceId),
  eventId: Number(row.eventId),
  title: String(row.title),
  startsAt: new Date(row.startsAt as string | Date),
  endsAt: new Date(row.endsAt as string | Date),
  userId: row.userId === null ? null : Number(row.userId),
  locationId: row.locationId === null ? null : Number(row.locationId),
  name: (row.name as string | null) ?? null,
  surname: (row.surname as string | null) ?? null,
  label: String(row.label),
});

/**
 * The clashes of a set of stored occurrences (`hits`: id, event_id, starts_at, ends_at,
 * has_guest_override, organiser_id, location_id) with the organiser, the location and the guests
 * asked about: one narrow row per (kind, occurrence, person or room), the names left for the page
 * (clashPage). Guests are the occurrence's effective list (its own, else its event's), active
 * users only.
 */
const clashKinds = (organiserId: unknown, locationId: unknown, guestIds: SQL) => sql`
  select 'organiser' as kind, h.id, h.event_id, h.starts_at, h.ends_at, h.organiser_id as user_id,
    null::integer as location_id
  from hits h where h.organiser_id = ${organiserId}
  union all
  select 'location', h.id, h.event_id, h.starts_at, h.ends_at, null, h.location_id
  from hits h where h.location_id = ${locationId}
  union all
  select 'guest', h.id, h.event_id, h.starts_at, h.ends_at, u.id, null
  from ${guestsAmong(sql`hits`, guestIds)} guest join hits h on h.id = guest.occurrence_id
  join ${users} u on u.id = guest.user_id and u.status = 'active'`;

/**
 * The first `limit` clashes of `found` (clashKinds' rows) by start, with the total, the event's
 * title and the person's or room's name: joined for the page's rows only. The last CTE of a
 * `with` and its select.
 */
const clashPage = (found: SQL, limit: number) => sql`
  page as (
    select f.*, count(*) over () as total from (${found}) f
    order by f.starts_at, f.id, f.kind, f.user_id
    limit ${limit})
  select p.kind, p.id as "occurrenceId", p.event_id as "eventId", e.title, p.starts_at as "startsAt",
    p.ends_at as "endsAt", p.user_id as "userId", p.location_id as "locationId", u.name, u.surname,
    coalesce(u.username, l.name) as label, p.total
  from page p join ${events} e on e.id = p.event_id
  left join ${users} u on u.id = p.user_id left join ${locations} l on l.id = p.location_id
  order by p.starts_at, p.id, p.kind, p.user_id`;

/** Sessions longer than this are few: they are found through the duration index, not by their start. */
const LONG_SESSION = sql`interval '1 day'`;

/** The longest stored session of at most a day (one probe of the duration index). */
const LONGEST = sql`(select coalesce(max(d.ends_at - d.starts_at), interval '0') from ${eventOccurrences} d
  where d.ends_at - d.starts_at <= ${LONG_SESSION})`;

/**
 * Intervals as sorted, disjoint spans, each with the end of the one before (`after`; -infinity for
 * the first): empty intervals dropped, overlapping or touching ones merged. A stored session
 * overlaps one of the half-open intervals exactly when it overlaps one of the spans.
 */
function spansOf(starts: readonly Date[], ends: readonly Date[]) {
  const intervals = starts
    .map((start, i) => ({ s: start.getTime(), e: ends[i]!.getTime() }))
    .filter((interval) => interval.e > interval.s)
    .sort((a, b) => a.s - b.s);
  const spans: { s: number; e: number }[] = [];
  for (const interval of intervals) {
    const last = spans[spans.length - 1];
    if (last && interval.s <= last.e) last.e = Math.max(last.e, interval.e);
    else spans.push({ ...interval });
  }
  const text = (values: string[]) => `{${values.join(',')}}`;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    count: spans.length,
    starts: text(spans.map((span) => iso(span.s))),
    ends: text(spans.map((span) => iso(span.e))),
    afters: text(spans.map((_, i) => (i === 0 ? '-infinity' : iso(spans[i - 1]!.e)))),
  };
}

/**
 * The stored sessions overlapping a span of `span` (a relation of sorted, disjoint half-open
 * [s, e) with `after`, as spansOf makes them) that `keep` lets through (a condition on `o`), each
 * once, by btree: a session of length d overlaps [s, e) when it starts in [s - d, e) and ends after
 * s, so each span is one range scan of the starts_at index reaching back by the longest session of
 * at most a day (one probe of the duration index), but not before `after`: a session starting
 * earlier overlaps the span before and was found there, so nothing comes twice and nothing needs
 * deduplicating. The index carries event_id, ends_at and has_guest_override, so `keep` drops the
 * sessions of others before the table is read (an index-only scan where vacuum has marked the pages
 * all-visible). The rare sessions longer than a day come from the duration index. Empty sessions
 * overlap nothing.
 */
function overlapping(span: SQL, keep: SQL): SQL {
  return sql`(select o.id, o.event_id, o.starts_at, o.ends_at, o.has_guest_override
      from ${span} c join ${eventOccurrences} o on o.starts_at >= greatest(c.s - ${LONGEST}, c.after)
        and o.starts_at < c.e and o.ends_at > c.s and o.ends_at - o.starts_at <= ${LONG_SESSION}
      where ${keep}
    union all
    select o.id, o.event_id, o.starts_at, o.ends_at, o.has_guest_override
      from ${eventOccurrences} o
      where o.ends_at - o.starts_at > ${LONG_SESSION} and ${keep}
        and exists (select 1 from ${span} c where o.starts_at < c.e and o.ends_at > c.s))`;
}

/**
 * The substitute of each covered session (`cv.cover_organiser_id`, null for the others): a read of
 * the few covered ones by their partial index, so the scans above stay on the starts_at index, and
 * a covered session clashes as its substitute's (docs/domain.md#cover).
 */
const coveredJoin = sql`left join (select x.id, x.cover_organiser_id from ${eventOccurrences} x
  where x.cover_organiser_id is not null) cv on cv.id = o.id`;

/** Double bookings among stored sessions (conflicts.ts turns them into warnings). */
export class ClashRepository {
  constructor(private readonly db: Db) {}

  /**
   * Clashes of the candidate intervals with stored occurrences, in ONE query whatever the number
   * of candidates (half-open: 10–11 and 11–12 do not overlap); only active events count (archived
   * ones are history), and never a cancelled session (docs/domain.md#cancellation). A stored occurrence overlapping several candidates counts once. Sorted by
   * start; the first `limit` and the total.
   */
  async clashes(candidates: ClashCandidates, limit: number): Promise<{ rows: ClashRow[]; total: number }> {
    const query = this.clashQuery(candidates, limit);
    if (!query) return { rows: [], total: 0 };
    const rows = await this.run(query);
    return { rows: rows.map(toClash), total: rows.length ? Number(rows[0]!.total) : 0 };
  }

  /** Runs a clash query (one round trip: the PostgreSQL connections have JIT off, see platform/db/client.ts). */
  async run(query: SQL): Promise<Record<string, unknown>[]> {
    return ((await this.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
  }

  /** The statement `clashes` runs (the benchmark reads its plan); undefined when nothing can clash. */
  clashQuery(candidates: ClashCandidates, limit: number): SQL | undefined {
    const guestIds = [...new Set(candidates.guestIds ?? [])];
    const spans = spansOf(candidates.starts, candidates.ends);
    if (
      spans.count === 0 ||
      (candidates.organiserId === undefined && candidates.locationId === undefined && guestIds.length === 0)
    ) {
      return undefined;
    }
    const organiserId = candidates.organiserId ?? null;
    const locationId = candidates.locationId ?? null;
    const guests = sql`${idArray(guestIds)}::integer[]`;
    // Only the sessions of the events that share the organiser or the room, and those with one of
    // the guests on their list (hashed sub-selects, tested in the index scan), go on: the joins
    // below handle the few that matter, not every session at those times.
    const shares = sql`(o.event_id in (select e.id from ${events} e
        where e.organiser_id = ${organiserId} or e.location_id = ${locationId})
      or o.id in (select x.id from ${eventOccurrences} x where x.cover_organiser_id = ${organiserId}::integer)
      or ${hasGuestAmong(sql`o`, guests)})`;
    return sql`with span as materialized (
        select c.s, c.e, c.after from unnest(${spans.starts}::timestamptz[], ${spans.ends}::timestamptz[],
          ${spans.afters}::timestamptz[]) as c(s, e, after)),
      hits as materialized (
        select o.id, o.event_id, o.starts_at, o.ends_at, o.has_guest_override,
          ${organiserOf(sql`cv`, sql`e`)} as organiser_id, e.location_id
        from ${overlapping(sql`span`, shares)} o join ${events} e on e.id = o.event_id ${coveredJoin}
        where e.status = 'active' and ${notCancelled(sql`o`)}
          and o.event_id is distinct from ${candidates.excludeEventId ?? null}::integer
          and o.id is distinct from ${candidates.excludeOccurrenceId ?? null}::integer),
      ${clashPage(clashKinds(organiserId, locationId, guests), limit)}`;
  }

  /**
   * Stored occurrences that clash with each other in [from, to) (admins' Home): the sessions
   * overlapping the window (as the check finds them), paired when they overlap and share the organiser, the
   * location or an active guest (cancelled sessions left out); each pair once, as the later session clashing `with` the
   * earlier. Sorted by the later one's start; the first `limit` and the total.
   */
  async clashesBetween(from: Date, to: Date, limit: number): Promise<{ rows: PairClashRow[]; total: number }> {
    const rows = await this.run(this.clashesBetweenQuery(from, to, limit));
    return {
      rows: rows.map((row) => ({
        ...toClash(row),
        withOccurrenceId: Number(row.withOccurrenceId),
        withEventId: Number(row.withEventId),
        withTitle: String(row.withTitle),
        withStartsAt: new Date(row.withStartsAt as string | Date),
        withEndsAt: new Date(row.withEndsAt as string | Date),
      })),
      total: rows.length ? Number(rows[0]!.total) : 0,
    };
  }

  /** The statement `clashesBetween` runs. */
  clashesBetweenQuery(from: Date, to: Date, limit: number): SQL {
    const start = sql`${from.toISOString()}::timestamptz`;
    const end = sql`${to.toISOString()}::timestamptz`;
    // a is the earlier of a pair, b the later; they overlap, and so does their overlap with the window.
    const pair = sql`(a.starts_at, a.id) < (b.starts_at, b.id) and b.starts_at < a.ends_at
      and b.starts_at < ${end} and least(a.ends_at, b.ends_at) > ${start}`;
    const columns = sql`a.kind, a.key, b.id as b_id, b.event_id as b_event_id, b.starts_at as b_starts_at,
      b.ends_at as b_ends_at, a.id as a_id, a.event_id as a_event_id, a.starts_at as a_starts_at, a.ends_at as a_ends_at`;
    const sameKey = sql`b.kind = a.kind and b.key = a.key`;
    // Pairs share a key (kind 1 a guest, 2 the room, 3 the organiser: in the names' order) and overlap. A session of at most a day
    // that overlaps a later one started less than the longest such session L before it, so their
    // starts lie in the same or the next bucket of length L: joining on the bucket too keeps each
    // key's pairs to sessions close in time instead of all its sessions of the window against each
    // other (13-50 a day per organiser in the benchmark). Longer sessions have no bucket and meet
    // every session of their key.
    return sql`with window_range as materialized (select ${start} as s, ${end} as e, '-infinity'::timestamptz as after),
      w as materialized (
        select o.id, o.event_id, o.starts_at, o.ends_at, o.has_guest_override,
          ${organiserOf(sql`cv`, sql`e`)} as organiser_id, e.location_id,
          case when o.ends_at - o.starts_at <= ${LONG_SESSION} then floor(extract(epoch from o.starts_at)
            / extract(epoch from greatest(${LONGEST}, interval '1 second')))::bigint end as bucket
        from ${overlapping(sql`window_range`, sql`true`)} o join ${events} e on e.id = o.event_id ${coveredJoin}
        where e.status = 'active' and ${notCancelled(sql`o`)}),
      keyed as materialized (
        select 3 as kind, w.organiser_id as key, w.id, w.event_id, w.starts_at, w.ends_at, w.bucket from w
        union all
        select 2, w.location_id, w.id, w.event_id, w.starts_at, w.ends_at, w.bucket from w
        union all
        select 1, u.id, w.id, w.event_id, w.starts_at, w.ends_at, w.bucket
        from ${guestsAmong(sql`w`)} guest join w on w.id = guest.occurrence_id
        join ${users} u on u.id = guest.user_id and u.status = 'active'),
      pairs as (
        select ${columns} from keyed a cross join lateral (values (a.bucket), (a.bucket + 1)) near(bucket)
          join keyed b on ${sameKey} and b.bucket = near.bucket and ${pair}
        union all
        select ${columns} from keyed a join keyed b on ${sameKey} and ${pair} where a.bucket is null
        union all
        select ${columns} from keyed a join keyed b on ${sameKey} and ${pair}
        where a.bucket is not null and b.bucket is null),
      top as (
        select p.*, count(*) over () as total from pairs p
        order by b_starts_at, b_id, a_starts_at, a_id, kind, key
        limit ${limit}),
      named as (
        select p.*, (array['guest', 'location', 'organiser'])[p.kind] as kind_name,
          case when p.kind <> 2 then p.key end as user_id, case when p.kind = 2 then p.key end as location_id
        from top p)
      select p.kind_name as kind, p.b_id as "occurrenceId", p.b_event_id as "eventId", eb.title, p.b_starts_at as "startsAt",
        p.b_ends_at as "endsAt", p.user_id as "userId", p.location_id as "locationId",
        u.name, u.surname, coalesce(u.username, l.name) as label,
        p.a_id as "withOccurrenceId", p.a_event_id as "withEventId", ea.title as "withTitle",
        p.a_starts_at as "withStartsAt", p.a_ends_at as "withEndsAt", p.total
      from named p join ${events} eb on eb.id = p.b_event_id join ${events} ea on ea.id = p.a_event_id
      left join ${users} u on u.id = p.user_id left join ${locations} l on l.id = p.location_id
      order by p.b_starts_at, p.b_id, p.a_starts_at, p.a_id, p.kind, p.key`;
  }
}
