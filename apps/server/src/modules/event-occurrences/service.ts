import {
  type BulkActionResult,
  type ConflictList,
  type ConflictWindowQuery,
  bulkResult,
  type EventOccurrence,
  type EventOccurrenceListQuery,
  type OccurrenceCalendar,
  type OccurrenceCalendarQuery,
  type OccurrenceClashList,
  makeupMessages,
  occurrenceMessages,
  type ScheduleDayRequest,
  type UpdateEventOccurrence,
} from '@ritim/shared';
import type { DateTime } from 'luxon';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError, isReferencedError, pgErrorCode } from '../../platform/errors.js';
import { jsonColumn } from '../../lib/json-column.js';
import type { ListViewer } from '../../platform/list.js';
import { assertNotPastDay, boundsIn, dayRange, zoneOf } from '../../lib/time.js';
import { type AuditChanges, recordAudit, occurrenceStartChange } from '../../platform/audit/record.js';
import { assertActiveGuests } from '../users/active-guests.js';
import { holdApprovedDays, recordApprovedDay, removeApprovedDay } from './approved-days.js';
import { type CalendarCut, CalendarReads } from './calendar-reads.js';
import { cancelClosedOccurrences } from './closed-occurrences.js';
import { OccurrenceReads } from './reads.js';
import { SeriesRepository } from './series.js';
import { OccurrenceChanges } from './status.js';
import { OCCURRENCE_HAS_ATTENDANCE, OCCURRENCE_HAS_MESSAGES, parseStart } from './rules.js';
import { ConflictChecker } from './conflicts.js';

export { OCCURRENCE_NOT_FOUND } from './rules.js';

/** PostgreSQL's timestamptz ends at these (and refuses the year 0 that ISO text allows). */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T00:00:00Z');
const clamp = (ms: number) => new Date(Math.min(Math.max(ms, EARLIEST), LATEST)).toISOString();

/**
 * Event occurrences (docs/product.md §3, §5, docs/domain.md): the day and month lists every role reads (scoped on
 * the server), an admin's changes to one occurrence (its own guest list, a new time, deletion),
 * and the daily schedule approval. The queries and rules are the repository's and rules.ts's.
 */
export class EventOccurrenceService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly occurrences = new OccurrenceReads(db),
    private readonly calendarReads = new CalendarReads(db),
    private readonly changes = new OccurrenceChanges(db),
    private readonly series = new SeriesRepository(db),
    private readonly conflicts = new ConflictChecker(db),
  ) {}

  /**
   * GET /api/event-occurrences. `date` is a day in `timezone` (else the caller's zone), `monthly`
   * its month; `from`/`to` narrow further. Occurrences of archived events are listed too: they
   * are the history reports and forms refer to.
   */
  async list(
    query: EventOccurrenceListQuery,
    viewer: SessionUser,
  ): Promise<{ eventOccurrences: EventOccurrence[]; totalCount: number }> {
    const zone = zoneOf(query.timezone ?? viewer.timezone);
    let from = query.from === undefined ? -Infinity : Date.parse(query.from);
    let to = query.to === undefined ? Infinity : Date.parse(query.to);
    if (query.date) {
      const [start, end] = dayRange(query.date, zone, query.monthly ? 'month' : 'day');
      from = Math.max(from, start);
      to = Math.min(to, end);
    }
    const { date: _date, timezone: _timezone, monthly: _monthly, ...rest } = query;
    const page = await this.occurrences.list(
      {
        ...rest,
        from: from === -Infinity ? undefined : clamp(from),
        to: to === Infinity ? undefined : clamp(to),
        q: query.q || undefined,
      },
      viewer,
    );
    return { eventOccurrences: page.items, totalCount: page.totalCount };
  }

  /**
   * GET /api/event-occurrences/calendar: the range's sessions the viewer sees, each event's
   * details once. The filters narrow it further (within what the viewer sees); `perDay` or
   * `perHour` keep the first sessions of each day or hour (in `timezone`, else the viewer's zone)
   * and count each day's sessions.
   */
  async calendar(query: OccurrenceCalendarQuery, viewer: SessionUser): Promise<OccurrenceCalendar> {
    const range = { ...query, from: new Date(query.from), to: new Date(query.to) };
    const limit = query.perDay ?? query.perHour;
    let cut: CalendarCut | undefined;
    let days: string[] = [];
    const zone = zoneOf(query.timezone ?? viewer.timezone);
    if (limit !== undefined) {
      const dayStarts = boundsIn(range.from, range.to, zone, 'day');
      days = dayStarts.map((start) => start.toISODate() ?? '');
      const toDate = (bounds: DateTime[]) => bounds.map((bound) => bound.toJSDate());
      cut = {
        days: toDate(dayStarts),
        bounds: query.perDay === undefined ? toDate(boundsIn(range.from, range.to, zone, 'hour')) : toDate(dayStarts),
        limit,
      };
    }
    const rows = await this.calendarReads.calendarRange(viewer, range, cut);
    const events = new Map<number, OccurrenceCalendar['events'][number]>();
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (row.day !== null) counts.set(days[row.day - 1] ?? '', row.dayCount);
      if (events.has(row.eventId)) continue;
      events.set(row.eventId, {
        id: row.eventId,
        title: row.title,
        timezone: row.timezone,
        location: { id: row.locationId, name: row.locationName },
        organiser: { id: row.organiserId, name: row.organiserName, surname: row.organiserSurname },
      });
    }
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        eventId: row.eventId,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        status: row.status,
        cancellationReason: row.cancellationReason,
        makeupOf: row.makeupOf === null ? null : jsonColumn(row.makeupOf),
      })),
      events: [...events.values()],
      ...(cut && { days: [...counts].map(([date, count]) => ({ date, count })) }),
    };
  }

  /** GET /api/event-occurrences/:id: undefined when it does not exist or is not the viewer's. */
  find(id: number, viewer: ListViewer): Promise<EventOccurrence | undefined> {
    return this.occurrences.find(id, viewer);
  }

  /** The occurrence and its event, locked; a completed one is final (409). */
  private async lock(tx: Tx, id: number) {
    const locked = await this.changes.lockWithEvent(tx, id);
    if (locked?.occurrence.status === 'completed') throw new AppError(409, occurrenceMessages.completedLocked);
    return locked;
  }

  /** The unique (event, start) index's verdict, should anything race past the check. */
  private async guardDateTaken<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw new AppError(409, occurrenceMessages.dateTaken);
      throw error;
    }
  }

  /**
   * PATCH /api/event-occurrences/:id (admins). `occurrenceGuestIds` replaces the occurrence's own
   * guest list and makes it the one that counts; `occurrenceDate` moves it, keeping its length,
   * marks it moved (regenerating the series keeps it) and adds an EXDATE for the old start to the
   * event's rule, so the old slot never comes back.
   */
  async update(id: number, input: UpdateEventOccurrence): Promise<EventOccurrence | undefined> {
    const found = await this.guardDateTaken(() =>
      this.db.transaction(async (tx) => {
        // A move takes its new day's schedule: no approval of that day is half written meanwhile.
        if (input.occurrenceDate !== undefined) await holdApprovedDays(tx);
        const locked = await this.lock(tx, id);
        if (!locked) return false;
        const { event, occurrence } = locked;
        const changes: AuditChanges = {};
        if (input.occurrenceGuestIds !== undefined) {
          const guestIds = [...new Set(input.occurrenceGuestIds)];
          await assertActiveGuests(tx, guestIds, occurrenceMessages.guestInvalid);
          const before = await this.changes.guestIdsOf(tx, occurrence);
          await this.changes.setOwnGuests(tx, id, guestIds);
          changes.guestIds = { from: before, to: guestIds };
        }
        if (input.occurrenceDate !== undefined) {
          const start = parseStart(input.occurrenceDate, event.timezone);
          if (start.getTime() !== occurrence.startsAt.getTime()) {
            // The event's row is locked: nothing else adds occurrences to it until this commits.
            if (await this.changes.startTaken(tx, event.id, start)) {
              throw new AppError(409, occurrenceMessages.dateTaken);
            }
            const length = occurrence.endsAt.getTime() - occurrence.startsAt.getTime();
            await this.changes.move(tx, id, start, new Date(start.getTime() + length));
            await this.series.excludeSlot(tx, event, occurrence.startsAt);
            // Moved into a closed day: cancelled like the sessions made there (docs/domain.md#closures).
            await cancelClosedOccurrences(tx, [id]);
            changes.occurrenceDate = { from: occurrence.startsAt.toISOString(), to: start.toISOString() };
          }
        }
        await recordAudit(tx, {
          action: 'update',
          entityType: 'event-occurrences',
          entityId: id,
          entityName: event.title,
          // A move records both starts; any other change, the start it was made to.
          changes: Object.keys(changes).length
            ? { ...(changes.occurrenceDate ? {} : occurrenceStartChange(occurrence.startsAt)), ...changes }
            : null,
        });
        return true;
      }),
    );
    if (!found) return undefined;
    return this.occurrences.find(id, { id: 0, role: 'admin' });
  }

  /**
   * POST /api/event-occurrences/:id/preview (admins): what PATCH with the same body would make the
   * occurrence clash with (its event's organiser and location, its guests: the new list, else its
   * own or its event's), before saving. The same checks as PATCH: 404, 409 when completed, 400 for
   * a bad time or guest. It never clashes with itself.
   */
  async previewUpdate(id: number, input: UpdateEventOccurrence): Promise<ConflictList | undefined> {
    const occurrence = await this.occurrences.find(id, { id: 0, role: 'admin' });
    if (!occurrence) return undefined;
    if (occurrence.status === 'completed') throw new AppError(409, occurrenceMessages.completedLocked);
    let guestIds = occurrence.guests.map((guest) => guest.id);
    if (input.occurrenceGuestIds !== undefined) {
      guestIds = [...new Set(input.occurrenceGuestIds)];
      await assertActiveGuests(this.db, guestIds, occurrenceMessages.guestInvalid);
    }
    const startsAt = new Date(occurrence.occurrenceDate);
    const length = new Date(occurrence.endDate).getTime() - startsAt.getTime();
    const start =
      input.occurrenceDate === undefined ? startsAt : parseStart(input.occurrenceDate, occurrence.event.timezone);
    return this.conflicts.check({
      starts: [start],
      ends: [new Date(start.getTime() + length)],
      organiserId: occurrence.event.organiser.id,
      locationId: occurrence.event.location.id,
      guestIds,
      excludeOccurrenceId: id,
    });
  }

  /** GET /api/event-occurrences/conflicts (admins, Home): sessions clashing with each other in [from, to). */
  clashesBetween(query: ConflictWindowQuery): Promise<OccurrenceClashList> {
    return this.conflicts.between(new Date(query.from), new Date(query.to));
  }

  /**
   * DELETE /api/event-occurrences/:id (admins): refused for an occurrence with history (completed,
   * submitted, messaged, marked); otherwise deleted with an EXDATE for its start in the event's rule, in
   * one transaction, so neither regeneration nor the horizon job brings it back.
   */
  async delete(id: number): Promise<boolean> {
    try {
      return await this.db.transaction(async (tx) => {
        const locked = await this.lock(tx, id);
        if (!locked) return false;
        const { event, occurrence } = locked;
        // Submitting holds the occurrence FOR SHARE, so no history appears past this check.
        const history = await this.changes.historyOf(tx, id);
        if (history.submitted) throw new AppError(409, occurrenceMessages.hasSubmissions);
        if (history.messaged) throw new AppError(409, OCCURRENCE_HAS_MESSAGES);
        if (history.marked) throw new AppError(409, OCCURRENCE_HAS_ATTENDANCE);
        // Its make-ups refer to it (docs/domain.md#make-ups): they go first.
        if (history.madeUp) throw new AppError(409, makeupMessages.hasMakeup);
        await this.changes.remove(tx, id);
        await this.series.excludeSlot(tx, event, occurrence.startsAt);
        await recordAudit(tx, {
          action: 'delete',
          entityType: 'event-occurrences',
          entityId: id,
          entityName: event.title,
          changes: { occurrenceDate: { from: occurrence.startsAt.toISOString(), to: null } },
        });
        return true;
      });
    } catch (error) {
      // A message queued meanwhile: the database refuses (RESTRICT), and it is history too.
      // (Marking holds the occurrence FOR SHARE, as submitting does: no mark appears past the check.)
      if (isReferencedError(error)) throw new AppError(409, OCCURRENCE_HAS_MESSAGES);
      throw error;
    }
  }

  /**
   * POST approveSchedule / unapproveSchedule (docs/product.md §5): the day's scheduled occurrences become
   * approved, or the approved ones scheduled again; completed ones are never touched. A day
   * before today (in the zone asked for, else the caller's) is refused.
   */
  async setDaySchedule(request: ScheduleDayRequest, viewer: SessionUser, approve: boolean): Promise<BulkActionResult> {
    const zone = zoneOf(request.timezone ?? viewer.timezone);
    assertNotPastDay(request.listDate, zone, this.now(), occurrenceMessages.pastDay);
    const [from, to] = dayRange(request.listDate, zone);
    const [start, end] = [new Date(from), new Date(to)];
    const count = await this.db.transaction(async (tx) => {
      // The day itself is recorded first, so sessions made or moved onto it later follow it.
      if (approve) {
        await recordApprovedDay(tx, start, end);
        return this.changes.setStatusBetween(tx, start, end, 'scheduled', 'approved');
      }
      await removeApprovedDay(tx, start, end);
      return this.changes.setStatusBetween(tx, start, end, 'approved', 'scheduled');
    });
    return bulkResult(
      true,
      approve ? occurrenceMessages.approved({ count }) : occurrenceMessages.unapproved({ count }),
    );
  }
}
