import {
  type ApplyCoverPlan,
  type Availability,
  type CoverCandidate,
  type CoverCandidates,
  coverMessages,
  type CoverPlan,
  type CoverPlanResult,
  type CoverRequest,
  type CreateTimeOff,
  type EventOccurrence,
  type EventOccurrenceList,
  KNOWN_GUESTS_DAYS,
  messages,
  type NeedsCoverQuery,
  RECENT_COVERS_DAYS,
  type TimeOffList,
  type TimeOffListQuery,
  type TimeOffResult,
  type UncoverQuery,
  type WorkingInterval,
} from '@ritim/shared';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { dayRange } from '../../lib/time.js';
import { auditChanges, recordAudit, occurrenceStartChange } from '../../platform/audit/record.js';
import { type CoverOccurrence, OccurrenceCovers } from '../occurrence-covers/index.js';
import { OccurrenceReads, OCCURRENCE_NOT_FOUND } from '../event-occurrences/index.js';
import { activeEditors, type StaffMember, staffByIds } from '../users/staff.js';
import { type Commitments, isFree, overlaps } from './free.js';
import { TimeOffRepository, toTimeOff } from './time-off.js';
import { WorkingHoursRepository } from './working-hours.js';

const DAY_MS = 86_400_000;

/** A cover given or given back, as the messages about it name it. */
export interface CoverChange {
  occurrenceId: number;
  /** Who has it now. */
  organiserId: number;
  /** Who had it before. */
  previousOrganiserId: number;
  /** Given to a substitute (true) or given back (false). */
  given: boolean;
}

/** Tells the guests and both organisers of a cover (the messaging module). */
export interface CoverNotifier {
  queueCoverNotices(tx: Tx, changes: readonly CoverChange[], viewer: SessionUser): Promise<unknown>;
}

/** The viewer may act for `userId`: an admin, or that user themself. */
function assertForSelfOrAdmin(viewer: SessionUser, userId: number): void {
  if (viewer.role !== 'admin' && viewer.id !== userId) throw new AppError(403, messages.forbidden);
}

/**
 * Working hours, time off and cover (docs/domain.md#cover): who is away, which of their sessions
 * need someone else, who is free to take them (ranked by who knows the guests, then by who
 * covered least lately), and giving a session, or a whole absence, to substitutes in one step.
 */
export class CoverService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly notifier: CoverNotifier,
    private readonly hours = new WorkingHoursRepository(db),
    private readonly timeOff = new TimeOffRepository(db),
    private readonly covers = new OccurrenceCovers(),
    private readonly reads = new OccurrenceReads(db),
  ) {}

  /** An admin or editor by id: 404 when there is none, 400 for a guest. */
  private async staff(userId: number, missing: 400 | 404 = 404): Promise<StaffMember> {
    const [user] = await staffByIds(this.db, [userId]);
    if (!user) throw new AppError(missing, coverMessages.userNotFound);
    if (user.role === 'guest') throw new AppError(400, coverMessages.notAnEditor);
    return user;
  }

  /** GET /api/users/{id}/availability. */
  async availability(userId: number, viewer: SessionUser): Promise<Availability> {
    assertForSelfOrAdmin(viewer, userId);
    const user = await this.staff(userId);
    return { timezone: user.timezone, weekly: await this.hours.weekOf(userId) };
  }

  /** PUT /api/users/{id}/availability: the week replaces the one before. */
  async setAvailability(userId: number, weekly: WorkingInterval[], viewer: SessionUser): Promise<Availability> {
    assertForSelfOrAdmin(viewer, userId);
    const user = await this.staff(userId);
    return this.db.transaction(async (tx) => {
      const before = await this.hours.weekOf(userId, tx);
      await this.hours.replace(tx, userId, weekly);
      const after = await this.hours.weekOf(userId, tx);
      const changes = auditChanges({ workingHours: before }, { workingHours: after });
      if (changes) {
        await recordAudit(tx, {
          action: 'update',
          entityType: 'users',
          entityId: userId,
          entityName: user.name,
          changes,
        });
      }
      return { timezone: user.timezone, weekly: after };
    });
  }

  /** POST /api/time-off: stores it (or with `dryRun` only says) and the sessions it affects. */
  async createTimeOff(input: CreateTimeOff, viewer: SessionUser): Promise<TimeOffResult> {
    assertForSelfOrAdmin(viewer, input.userId);
    const user = await this.staff(input.userId, 400);
    const startsFrom = new Date(dayRange(input.from, user.timezone)[0]);
    const endsBefore = new Date(dayRange(input.to, user.timezone)[1]);
    const timeOff = {
      id: null,
      user: { id: user.id, name: user.name },
      from: input.from,
      to: input.to,
      reason: input.reason,
    };
    const affected = async (db: Db | Tx) =>
      (await this.covers.sessionsOf(db, user.id, startsFrom, endsBefore)).map((session) => ({
        occurrenceId: session.id,
        eventId: session.eventId,
        title: session.title,
        startsAt: session.startsAt.toISOString(),
        endsAt: session.endsAt.toISOString(),
      }));
    if (input.dryRun) return { timeOff, affected: await affected(this.db) };
    return this.db.transaction(async (tx) => {
      const id = await this.timeOff.insert(tx, {
        userId: user.id,
        fromDay: input.from,
        toDay: input.to,
        timezone: user.timezone,
        startsFrom,
        endsBefore,
        reason: input.reason,
        createdBy: viewer.id,
      });
      const stored = { ...timeOff, id };
      await recordAudit(tx, {
        action: 'update',
        entityType: 'users',
        entityId: user.id,
        entityName: user.name,
        changes: { timeOff: { from: null, to: { id, from: input.from, to: input.to, reason: input.reason } } },
      });
      return { timeOff: stored, affected: await affected(tx) };
    });
  }

  /** GET /api/time-off: admins any, editors their own. */
  async listTimeOff(query: TimeOffListQuery, viewer: SessionUser): Promise<TimeOffList> {
    if (viewer.role !== 'admin') {
      if (query.userId !== undefined && query.userId !== viewer.id) throw new AppError(403, messages.forbidden);
      query = { ...query, userId: viewer.id };
    }
    const { rows, total } = await this.timeOff.list(query);
    return { timeOff: rows.map(toTimeOff), totalCount: total };
  }

  /** DELETE /api/time-off/{id}: false when there is none (or it is someone else's, for an editor). */
  async deleteTimeOff(id: number, viewer: SessionUser): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const stored = await this.timeOff.find(id, tx);
      if (!stored) return false;
      if (viewer.role !== 'admin' && stored.userId !== viewer.id) return false;
      await this.timeOff.remove(tx, id);
      await recordAudit(tx, {
        action: 'update',
        entityType: 'users',
        entityId: stored.userId,
        entityName: stored.userName,
        changes: {
          timeOff: { from: { id, from: stored.fromDay, to: stored.toDay, reason: stored.reason }, to: null },
        },
      });
      return true;
    });
  }

  /** GET /api/event-occurrences/needs-cover: sessions ahead whose organiser is on time off then, without a cover. */
  async needsCover(query: NeedsCoverQuery, viewer: SessionUser): Promise<EventOccurrenceList> {
    const from = this.now();
    const to = new Date(from.getTime() + query.days * DAY_MS);
    const spans = (await this.timeOff.overlapping(from, to)).map((off) => ({
      userId: off.userId,
      from: off.startsFrom,
      to: off.endsBefore,
    }));
    const { ids, total } = await this.covers.uncoveredIn(this.db, spans, from, to, query);
    return { eventOccurrences: await this.reads.findMany(ids, viewer), totalCount: total };
  }

  /**
   * The free candidates of each session, ranked (docs/domain.md#cover): every active editor but
   * its organiser, with no other session overlapping it, not on time off then and inside their
   * working hours when they have any; by knownGuests descending, coversLast30Days ascending, id.
   * A few queries for all the sessions together, whatever their number.
   */
  private async rank(db: Db | Tx, sessions: readonly CoverOccurrence[]): Promise<Map<number, CoverCandidate[]>> {
    const ranked = new Map<number, CoverCandidate[]>(sessions.map((session) => [session.id, []]));
    if (sessions.length === 0) return ranked;
    const editors = await activeEditors(db);
    const ids = editors.map((editor) => editor.id);
    const from = new Date(Math.min(...sessions.map((session) => session.startsAt.getTime())));
    const to = new Date(Math.max(...sessions.map((session) => session.endsAt.getTime())));
    const now = this.now();
    const [busy, timeOff, weeks, known, recent] = await Promise.all([
      this.covers.busy(db, ids, from, to),
      this.timeOff.overlapping(from, to, undefined, db),
      this.hours.of(ids, db),
      this.covers.knownGuests(
        db,
        sessions.map((session) => session.id),
        ids,
        new Date(now.getTime() - KNOWN_GUESTS_DAYS * DAY_MS),
        now,
      ),
      this.covers.coversSince(db, ids, new Date(now.getTime() - RECENT_COVERS_DAYS * DAY_MS)),
    ]);
    const commitments = commitmentsOf(editors, busy, timeOff, weeks);
    const knownOf = new Map(known.map((row) => [`${row.occurrenceId}:${row.userId}`, row.known]));
    for (const session of sessions) {
      const span = { id: session.id, startsAt: session.startsAt, endsAt: session.endsAt };
      const candidates = editors
        .filter((editor) => editor.id !== session.organiserId && isFree(span, commitments.get(editor.id)!))
        .map((editor) => ({
          user: { id: editor.id, name: editor.name },
          knownGuests: knownOf.get(`${session.id}:${editor.id}`) ?? 0,
          coversLast30Days: recent.get(editor.id) ?? 0,
        }))
        .sort(
          (a, b) => b.knownGuests - a.knownGuests || a.coversLast30Days - b.coversLast30Days || a.user.id - b.user.id,
        );
      ranked.set(session.id, candidates);
    }
    return ranked;
  }

  /** GET /api/event-occurrences/{id}/cover-candidates. */
  async candidates(occurrenceId: number): Promise<CoverCandidates> {
    const [session] = await this.covers.sessions(this.db, [occurrenceId]);
    if (!session) throw new AppError(404, OCCURRENCE_NOT_FOUND);
    return { candidates: (await this.rank(this.db, [session])).get(session.id) ?? [] };
  }

  /** The sessions a stored time off affects now (its user's, not cancelled, completed or covered). */
  private async affectedBy(timeOffId: number, db: Db | Tx = this.db) {
    const stored = await this.timeOff.find(timeOffId, db);
    if (!stored) throw new AppError(404, coverMessages.timeOffNotFound);
    return this.covers.sessionsOf(db, stored.userId, stored.startsFrom, stored.endsBefore);
  }

  /**
   * GET /api/time-off/{id}/cover-plan: for each affected session by start, its best free
   * candidate who is not given an overlapping session of the plan already (null: none is left).
   */
  async plan(timeOffId: number): Promise<CoverPlan> {
    const sessions = await this.affectedBy(timeOffId);
    const ranked = await this.rank(this.db, sessions);
    const given = new Map<number, CoverOccurrence[]>();
    return {
      plan: sessions.map((session) => {
        const choice = (ranked.get(session.id) ?? []).find(
          (candidate) => !(given.get(candidate.user.id) ?? []).some((other) => overlaps(other, session)),
        );
        if (choice) given.set(choice.user.id, [...(given.get(choice.user.id) ?? []), session]);
        return { occurrenceId: session.id, candidate: choice?.user ?? null };
      }),
    };
  }

  /**
   * Gives each session to its substitute in one transaction (POST cover and the cover plan): the
   * sessions and the substitutes are held until it ends; any that is not free (for the others of
   * the same call too) is a 409 and nothing changes.
   */
  private async give(
    tx: Tx,
    assignments: readonly { session: CoverOccurrence; organiserId: number }[],
    viewer: SessionUser,
  ): Promise<CoverChange[]> {
    const substituteIds = assignments.map((assignment) => assignment.organiserId);
    await this.covers.lockOrganisers(tx, substituteIds);
    const people = new Map((await staffByIds(tx, substituteIds)).map((person) => [person.id, person]));
    for (const { session, organiserId } of assignments) {
      if (session.status === 'cancelled') throw new AppError(409, coverMessages.cancelled);
      if (session.status === 'completed') throw new AppError(409, coverMessages.completed);
      const person = people.get(organiserId);
      if (!person || !person.active || person.role !== 'editor') throw new AppError(400, coverMessages.notActiveEditor);
      if (organiserId === session.organiserId || organiserId === session.eventOrganiserId) {
        throw new AppError(400, coverMessages.sameOrganiser);
      }
    }
    const from = new Date(Math.min(...assignments.map(({ session }) => session.startsAt.getTime())));
    const to = new Date(Math.max(...assignments.map(({ session }) => session.endsAt.getTime())));
    const [busy, timeOff, weeks] = await Promise.all([
      this.covers.busy(tx, substituteIds, from, to),
      this.timeOff.overlapping(from, to, substituteIds, tx),
      this.hours.of(substituteIds, tx),
    ]);
    const commitments = commitmentsOf([...people.values()], busy, timeOff, weeks);
    const takenHere = new Map<number, CoverOccurrence[]>();
    for (const { session, organiserId } of assignments) {
      const free =
        isFree(session, commitments.get(organiserId)!) &&
        !(takenHere.get(organiserId) ?? []).some((other) => overlaps(other, session));
      if (!free) {
        throw new AppError(
          409,
          assignments.length === 1
            ? coverMessages.notFree
            : coverMessages.notFreeFor({ startsAt: session.startsAt.toISOString() }),
        );
      }
      takenHere.set(organiserId, [...(takenHere.get(organiserId) ?? []), session]);
    }
    const now = this.now();
    const names = new Map(
      (await staffByIds(tx, [...assignments.map(({ session }) => session.organiserId), ...substituteIds])).map(
        (person) => [person.id, person.name],
      ),
    );
    for (const { session, organiserId } of assignments)
      await this.covers.cover(tx, session, organiserId, viewer.id, now);
    await recordAudit(
      tx,
      ...assignments.map(({ session, organiserId }) => ({
        action: 'update' as const,
        entityType: 'event-occurrences' as const,
        entityId: session.id,
        entityName: session.title,
        changes: {
          ...occurrenceStartChange(session.startsAt),
          organiser: { from: names.get(session.organiserId) ?? null, to: names.get(organiserId) ?? null },
        },
      })),
    );
    return assignments.map(({ session, organiserId }) => ({
      occurrenceId: session.id,
      organiserId,
      previousOrganiserId: session.organiserId,
      given: true,
    }));
  }

  /** POST /api/event-occurrences/{id}/cover: the session, given to the substitute. */
  async cover(occurrenceId: number, input: CoverRequest, viewer: SessionUser): Promise<EventOccurrence> {
    return this.db.transaction(async (tx) => {
      const [session] = await this.covers.sessions(tx, [occurrenceId], true);
      if (!session) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      const changes = await this.give(tx, [{ session, organiserId: input.organiserId }], viewer);
      if (input.notify) await this.notifier.queueCoverNotices(tx, changes, viewer);
      return (await this.reads.find(occurrenceId, viewer, tx))!;
    });
  }

  /** DELETE /api/event-occurrences/{id}/cover: the session goes back to its event's organiser. */
  async uncover(occurrenceId: number, query: UncoverQuery, viewer: SessionUser): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [session] = await this.covers.sessions(tx, [occurrenceId], true);
      if (!session) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      if (session.coverOrganiserId === null) throw new AppError(409, coverMessages.notCovered);
      await this.covers.uncover(tx, occurrenceId);
      const names = new Map(
        (await staffByIds(tx, [session.coverOrganiserId, session.eventOrganiserId])).map((person) => [
          person.id,
          person.name,
        ]),
      );
      await recordAudit(tx, {
        action: 'update',
        entityType: 'event-occurrences',
        entityId: session.id,
        entityName: session.title,
        changes: {
          ...occurrenceStartChange(session.startsAt),
          organiser: {
            from: names.get(session.coverOrganiserId) ?? null,
            to: names.get(session.eventOrganiserId) ?? null,
          },
        },
      });
      if (query.notify) {
        await this.notifier.queueCoverNotices(
          tx,
          [
            {
              occurrenceId,
              organiserId: session.eventOrganiserId,
              previousOrganiserId: session.coverOrganiserId,
              given: false,
            },
          ],
          viewer,
        );
      }
    });
  }

  /** POST /api/time-off/{id}/cover-plan: every assignment, or none. */
  async applyPlan(timeOffId: number, input: ApplyCoverPlan, viewer: SessionUser): Promise<CoverPlanResult> {
    const seen = new Set<number>();
    for (const { occurrenceId } of input.assignments) {
      if (seen.has(occurrenceId)) throw new AppError(400, coverMessages.twiceInPlan({ id: occurrenceId }));
      seen.add(occurrenceId);
    }
    if (input.assignments.length === 0) return { covered: 0 };
    return this.db.transaction(async (tx) => {
      const affected = new Set((await this.affectedBy(timeOffId, tx)).map((session) => session.id));
      const missing = input.assignments.find((assignment) => !affected.has(assignment.occurrenceId));
      if (missing) throw new AppError(400, coverMessages.notInPlan({ id: missing.occurrenceId }));
      const sessions = new Map(
        (
          await this.covers.sessions(
            tx,
            input.assignments.map((assignment) => assignment.occurrenceId),
            true,
          )
        ).map((session) => [session.id, session]),
      );
      const assignments = input.assignments
        .map(({ occurrenceId, organiserId }) => ({ session: sessions.get(occurrenceId)!, organiserId }))
        .sort((a, b) => a.session.startsAt.getTime() - b.session.startsAt.getTime() || a.session.id - b.session.id);
      const changes = await this.give(tx, assignments, viewer);
      if (input.notify) await this.notifier.queueCoverNotices(tx, changes, viewer);
      return { covered: changes.length };
    });
  }
}

/** Each person's commitments over a range, from the rows read for everyone at once. */
function commitmentsOf(
  people: readonly StaffMember[],
  busy: Awaited<ReturnType<OccurrenceCovers['busy']>>,
  timeOff: Awaited<ReturnType<TimeOffRepository['overlapping']>>,
  weeks: Awaited<ReturnType<WorkingHoursRepository['of']>>,
): Map<number, Commitments> {
  const of = new Map<
    number,
    Commitments & { busy: Commitments['busy'][number][]; timeOff: Commitments['timeOff'][number][] }
  >(
    people.map((person) => [
      person.id,
      { busy: [], timeOff: [], week: weeks.get(person.id) ?? [], zone: person.timezone },
    ]),
  );
  for (const span of busy) of.get(span.organiserId)?.busy.push(span);
  for (const off of timeOff) of.get(off.userId)?.timeOff.push({ startsAt: off.startsFrom, endsAt: off.endsBefore });
  return of;
}
