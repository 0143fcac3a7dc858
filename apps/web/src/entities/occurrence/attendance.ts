import {
  ATTENDANCE_AHEAD,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  type EventOccurrence,
  type MarkAttendance,
} from '@ritim/shared';

/**
 * What the attendance marking reads off a session and sends, as plain functions (tested on their
 * own; no zod, so Home can use them): who may mark, what may be marked yet, and the changes.
 */

/** The marks that may be set before a session starts (the server refuses the others with 409, docs/domain.md#attendance). */
export const MARKS_AHEAD = ATTENDANCE_AHEAD;

/** The five large choices, in the order they are offered; the sixth (cancelled late) follows them. */
export const MARKS: readonly AttendanceStatus[] = ATTENDANCE_STATUSES;

/** Whether `status` may be chosen now: any once the session has started, else only the marks ahead. */
export const markAllowed = (status: AttendanceStatus, started: boolean) => started || MARKS_AHEAD.includes(status);

/** Whether the session has started at `now`. */
export const hasStarted = (occurrence: Pick<EventOccurrence, 'occurrenceDate'>, now: number = Date.now()) =>
  Date.parse(occurrence.occurrenceDate) <= now;

/**
 * Whether this user may take the session's attendance: admins, and its organiser (the server
 * decides regardless). Not a cancelled session, which has none.
 */
export function canTakeAttendance(
  occurrence: Pick<EventOccurrence, 'status' | 'event'>,
  user: { role: string; id: string } | null,
): boolean {
  if (!user || occurrence.status === 'cancelled') return false;
  return user.role === 'admin' || String(occurrence.event.organiser.id) === user.id;
}

/** One guest's mark as the marking edits it: a status (null: not marked yet) and a note. */
export interface MarkDraft {
  status: AttendanceStatus | null;
  note: string;
}

/** The marks as the session has them, for every guest (a guest without a mark starts unmarked). */
export function draftsOf(occurrence: Pick<EventOccurrence, 'guests' | 'attendance'>): Record<number, MarkDraft> {
  const marks = new Map(occurrence.attendance.map((entry) => [entry.guestId, entry]));
  return Object.fromEntries(
    occurrence.guests.map((guest) => {
      const mark = marks.get(guest.id);
      return [guest.id, { status: mark?.status ?? guest.attendance ?? null, note: mark?.note ?? '' }];
    }),
  );
}

/**
 * What PUT gets: one entry per guest whose mark or note changed and who has a mark (a mark cannot
 * be taken back to none), with the note as it stands (an empty one clears it).
 */
export function changedEntries(
  initial: Record<number, MarkDraft>,
  drafts: Record<number, MarkDraft>,
): MarkAttendance['entries'] {
  return Object.entries(drafts).flatMap(([id, draft]) => {
    const before = initial[Number(id)];
    const note = draft.note.trim();
    if (!draft.status || (before?.status === draft.status && note === (before?.note ?? '').trim())) return [];
    return [{ guestId: Number(id), status: draft.status, note }];
  });
}

/** 'Everyone present': every guest present, each keeping their note. */
export const everyonePresent = (drafts: Record<number, MarkDraft>): Record<number, MarkDraft> =>
  Object.fromEntries(Object.entries(drafts).map(([id, draft]) => [id, { ...draft, status: 'present' }]));

/** The marks that make a guest eligible for a make-up (docs/domain.md#make-ups). */
export const MAKEUP_MARKS: readonly AttendanceStatus[] = ['absent', 'cancelled', 'lateCancelled', 'excused'];

/**
 * Whether `user` may book a make-up for `guest` of the session: admins and its organiser, for a
 * guest marked absent, cancelled, late cancelled or excused, or any guest of a cancelled session.
 */
export function canBookMakeup(
  occurrence: Pick<EventOccurrence, 'status' | 'event'>,
  guest: { attendance: AttendanceStatus | null },
  user: { role: string; id: string } | null,
): boolean {
  if (!user) return false;
  if (user.role !== 'admin' && String(occurrence.event.organiser.id) !== user.id) return false;
  return occurrence.status === 'cancelled' || (guest.attendance !== null && MAKEUP_MARKS.includes(guest.attendance));
}
