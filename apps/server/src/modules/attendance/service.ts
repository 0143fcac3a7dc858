import {
  ATTENDANCE_AHEAD,
  type AttendanceEntry,
  type AttendanceList,
  type AttendanceSummary,
  type AttendanceSummaryQuery,
  attendanceMessages,
  type MarkAttendance,
  type ToFillList,
  type ToFillQuery,
} from '@ritim/shared';
import { type AuditChanges, recordAudit, occurrenceStartChange } from '../../platform/audit/record.js';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { dayRange, zoneOf } from '../../lib/time.js';
import { OccurrenceReads, organisesOrAdmin } from '../event-occurrences/index.js';
import { AttendanceMarks } from './marks.js';
import { attendanceSummary } from './summary.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The guests whose mark or note changed, as `guest <id>`: {status, note} before and after. */
function markChanges(before: AttendanceEntry[], after: AttendanceEntry[]): AuditChanges | null {
  const previous = new Map(before.map((entry) => [entry.guestId, entry]));
  const changes: AuditChanges = {};
  for (const entry of after) {
    const old = previous.get(entry.guestId);
    if (old && old.status === entry.status && old.note === entry.note) continue;
    changes[`guest ${entry.guestId}`] = {
      from: old ? { status: old.status, note: old.note } : null,
      to: { status: entry.status, note: entry.note },
    };
  }
  return Object.keys(changes).length ? changes : null;
}

/**
 * Attendance (docs/domain.md#attendance, docs/product.md §10): marking a session's guests, the
 * summary of a range, and the sessions still to fill. Who its guests are and who sees what are
 * the module's rules (rules.ts); the marks' table is `attendance`.
 */
export class AttendanceService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly marks = new AttendanceMarks(),
    private readonly reads = new OccurrenceReads(db),
  ) {}

  /**
   * PUT /api/event-occurrences/:id/attendance (admins and the session's organiser): sets the
   * entries' marks, keeps the others' and answers the whole list. Another editor's session does
   * not exist for them (404), as for every read and form. A completed session is still marked:
   * attendance is often taken after its report went out.
   */
  async mark(id: number, input: MarkAttendance, viewer: SessionUser): Promise<AttendanceList | undefined> {
    const seen = new Set<number>();
    for (const entry of input.entries) {
      if (seen.has(entry.guestId)) throw new AppError(400, attendanceMessages.guestTwice({ id: entry.guestId }));
      seen.add(entry.guestId);
    }
    return this.db.transaction(async (tx) => {
      const session = await this.marks.lockOccurrence(tx, id);
      if (!session || !organisesOrAdmin(viewer, session.organiserId)) return undefined;
      if (session.status === 'cancelled') throw new AppError(409, attendanceMessages.sessionCancelled);
      const guests = new Set(session.guestIds);
      const stranger = input.entries.find((entry) => !guests.has(entry.guestId));
      if (stranger) throw new AppError(400, attendanceMessages.guestNotOnSession({ id: stranger.guestId }));
      const started = session.startsAt.getTime() <= this.now().getTime();
      if (!started && input.entries.some((entry) => !ATTENDANCE_AHEAD.includes(entry.status))) {
        throw new AppError(409, attendanceMessages.notStarted);
      }
      const before = await this.marks.list(tx, id);
      await this.marks.upsert(tx, id, input.entries, viewer.id);
      const after = await this.marks.list(tx, id);
      await recordAudit(tx, {
        action: 'update',
        entityType: 'attendance',
        entityId: id,
        entityName: session.title,
        changes: { ...occurrenceStartChange(session.startsAt), ...markChanges(before, after) },
      });
      return { attendance: after };
    });
  }

  /**
   * GET /api/attendance/summary: the days `from`..`to` in `timezone` (else the viewer's zone),
   * counted per group in one query; editors count the sessions they organise.
   */
  summary(query: AttendanceSummaryQuery, viewer: SessionUser): Promise<AttendanceSummary> {
    const zone = zoneOf(query.timezone ?? viewer.timezone);
    return attendanceSummary(this.db, {
      from: new Date(dayRange(query.from, zone)[0]),
      to: new Date(dayRange(query.to, zone)[1]),
      now: this.now(),
      zone,
      groupBy: query.groupBy,
      viewer,
      organiserId: query.organiserId,
      locationId: query.locationId,
      groupId: query.groupId,
      guestId: query.guestId,
    });
  }

  /**
   * GET /api/event-occurrences/to-fill: the sessions of the last `days` days (days × 24 hours up to
   * now) still to fill, newest first, scoped like the lists.
   */
  async toFill(query: ToFillQuery, viewer: SessionUser): Promise<ToFillList> {
    const now = this.now();
    const page = await this.reads.toFill(
      {
        from: new Date(now.getTime() - query.days * DAY_MS).toISOString(),
        to: now.toISOString(),
        limit: query.limit,
        offset: query.offset,
      },
      viewer,
    );
    return { eventOccurrences: page.items, totalCount: page.totalCount };
  }
}
