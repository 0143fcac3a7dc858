import { notFound, occurrenceMessages } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Role } from '@ritim/shared';
import {
  attendance,
  eventGuests,
  eventOccurrences,
  events,
  formSubmissions,
  messageLogs,
  occurrenceCancellations,
  occurrenceGuests,
} from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { wallClockMillis } from '../../recurrence/rule.js';
import { zoneOffsets } from '../../recurrence/zone.js';

/**
 * The rules about occurrences, each written once (docs/domain.md): who their guests are, who sees
 * them, what counts as history, and how a slot leaves a series for good (EXDATE). Conditions are
 * on the `event_occurrences` row in scope; the repository and no one else builds queries from them.
 */

export const OCCURRENCE_NOT_FOUND = notFound('Event occurrence');
/** A message log row refers to the occurrence: it is history, like a submission. */
export const OCCURRENCE_HAS_MESSAGES = occurrenceMessages.hasMessages;
/** An attendance mark refers to the occurrence: it is history too. */
export const OCCURRENCE_HAS_ATTENDANCE = occurrenceMessages.hasAttendance;
const DATE_RANGE = occurrenceMessages.dateOutOfRange;

/**
 * Whether `userId` is a guest of the occurrence: on its own list when it has one
 * (hasGuestOverride), else on the event's. (Only active users count: callers that name people
 * join `users` with status 'active'.)
 */
export function isOccurrenceGuest(userId: unknown): SQL {
  return sql`((${eventOccurrences.hasGuestOverride} and exists (select 1 from ${occurrenceGuests} og
      where og.occurrence_id = ${eventOccurrences.id} and og.user_id = ${userId}))
    or (not ${eventOccurrences.hasGuestOverride} and ${eventOccurrences.eventId} in
      (select eg.event_id from ${eventGuests} eg where eg.user_id = ${userId})))`;
}

/** The user ids that are the occurrence's guest list (its own, else its event's), for a lateral join. */
export const guestListOf = (occurrence: SQL) => sql`(
  select og.user_id from ${occurrenceGuests} og where ${occurrence}.has_guest_override and og.occurrence_id = ${occurrence}.id
  union
  select eg.user_id from ${eventGuests} eg where not ${occurrence}.has_guest_override and eg.event_id = ${occurrence}.event_id)`;

/**
 * Whether one of `userIds` (an integer[] value) is on the guest list of `occurrence` (a row with
 * id, event_id and has_guest_override): its own list when it has one, else its event's. Each side
 * is one hashed sub-select for the whole query, so the test needs no per-row lookup (an index scan
 * carrying those three columns applies it before reading the table). (Callers check the users are
 * active.)
 */
export const hasGuestAmong = (occurrence: SQL, userIds: SQL) => sql`((${occurrence}.has_guest_override
    and ${occurrence}.id in (select og.occurrence_id from ${occurrenceGuests} og where og.user_id = any(${userIds})))
  or (not ${occurrence}.has_guest_override and ${occurrence}.event_id in
    (select eg.event_id from ${eventGuests} eg where eg.user_id = any(${userIds}))))`;

/**
 * The (occurrence_id, user_id) pairs of `occurrences` (a relation with id, event_id and
 * has_guest_override) and their guests: its own list when it has one, else its event's; only
 * those among `userIds` (an integer[] value) when given. Joins rather than a per-row sub-select,
 * for many occurrences at once. `carry` names more columns of `occurrences` to keep beside each
 * pair (`o.starts_at`, say), so a caller need not join the pairs back to it. (Callers check the
 * users are active.)
 */
export const guestsAmong = (occurrences: SQL, userIds?: SQL, carry: SQL = sql``) => {
  const own = userIds ? sql` and og.user_id = any(${userIds})` : sql``;
  const events = userIds ? sql` and eg.user_id = any(${userIds})` : sql``;
  return sql`(
  select o.id as occurrence_id, og.user_id${carry} from ${occurrences} o
    join ${occurrenceGuests} og on og.occurrence_id = o.id${own}
    where o.has_guest_override
  union all
  select o.id, eg.user_id${carry} from ${occurrences} o
    join ${eventGuests} eg on eg.event_id = o.event_id${events}
    where not o.has_guest_override)`;
};

/**
 * A session's organiser (docs/domain.md#cover), the one rule every read of it follows: the
 * substitute while it is covered, else its event's organiser. `occurrence` and `event` are the
 * rows in scope (`o` and `e`, say).
 */
export const organiserOf = (occurrence: SQL, event: SQL): SQL<number> =>
  sql<number>`coalesce(${occurrence}.cover_organiser_id, ${event}.organiser_id)`;

/** `organiserOf` the `event_occurrences` and `events` tables in scope, as the typed reads join them. */
export const occurrenceOrganiserId: SQL<number> = sql<number>`coalesce(${eventOccurrences.coverOrganiserId}, ${events.organiserId})`;

/** Whether `userId` organises the occurrence: covers it, or organises its event and it is not covered. */
export const isOrganisedBy = (userId: unknown): SQL =>
  sql`(${eventOccurrences.coverOrganiserId} = ${userId} or (${eventOccurrences.coverOrganiserId} is null
    and ${eventOccurrences.eventId} in (select e.id from ${events} e where e.organiser_id = ${userId})))`;

/**
 * Which occurrences a viewer sees, the one scope rule of every read: admins all, editors those of
 * the events they organise, guests those they are a guest of; `'own'` (a person's calendar feed)
 * those they organise or are a guest of, whatever their role. The two differ only for a user whose
 * role changed while they organise or attend: their lists follow their role, their feed both.
 * Undefined means no restriction.
 */
export function visibleTo(scope: Role | 'own', me: unknown): SQL | undefined {
  if (scope === 'editor') return isOrganisedBy(me);
  if (scope === 'guest') return isOccurrenceGuest(me);
  if (scope === 'own') return sql`(${isOrganisedBy(me)} or ${isOccurrenceGuest(me)})`;
  return undefined;
}

/** Whether a viewer may act on an occurrence organised by `organiserId` (admins and its organiser, `organiserOf`). */
export const organisesOrAdmin = (viewer: { id: number; role: Role }, organiserId: number) =>
  viewer.role === 'admin' || organiserId === viewer.id;

/**
 * History: a completed occurrence, or one someone filled a form for, sent a message about or
 * marked a guest's attendance at (docs/domain.md#attendance). It is kept when its series changes
 * or its event is deleted, and it cannot be deleted itself.
 */
export const hasHistory = sql`(${eventOccurrences.status} = 'completed'
  or exists (select 1 from ${formSubmissions} s where s.occurrence_id = ${eventOccurrences.id})
  or exists (select 1 from ${attendance} a where a.occurrence_id = ${eventOccurrences.id})
  or exists (select 1 from ${messageLogs} m where m.occurrence_id = ${eventOccurrences.id}))`;

/**
 * Whether the session `occurrence` (a row or relation with an `id`) is not cancelled
 * (docs/domain.md#cancellation), by its cancellation row rather than its status: one hashed
 * sub-select of the few cancelled sessions, so a scan of the starts_at index applies it without
 * reading the table (the clash checks).
 */
export const notCancelled = (occurrence: SQL) =>
  sql`${occurrence}.id not in (select c.occurrence_id from ${occurrenceCancellations} c)`;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A new start: an ISO instant, or wall-clock `YYYY-MM-DDTHH:mm[:ss]` in the event's zone (a time
 * in a spring-forward gap moves forward, a repeated one is the first, as the rule engine reads them).
 */
export function parseStart(value: string, zone: string): Date {
  const match = LOCAL.exec(value);
  let instant: number;
  if (match) {
    const local = wallClockMillis(match);
    if (local === null) throw new AppError(400, occurrenceMessages.dateInvalid);
    const year = new Date(local).getUTCFullYear();
    if (year < 1900 || year > 2999) throw new AppError(400, DATE_RANGE);
    instant = zoneOffsets(zone).toInstant(local);
  } else {
    instant = Date.parse(value);
  }
  const year = new Date(instant).getUTCFullYear();
  if (!Number.isFinite(instant) || year < 1900 || year > 2999) throw new AppError(400, DATE_RANGE);
  return new Date(instant);
}
