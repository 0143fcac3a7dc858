import { describe, expect, it } from 'vitest';
import { canTakeAttendance, changedEntries, draftsOf, everyonePresent, hasStarted, markAllowed } from './attendance';

const organiser = { id: 7 };
const event = { organiser } as Parameters<typeof canTakeAttendance>[0]['event'];

describe('attendance values', () => {
  it('lets admins and the session’s organiser mark, never on a cancelled session', () => {
    expect(canTakeAttendance({ status: 'approved', event }, { role: 'admin', id: '1' })).toBe(true);
    expect(canTakeAttendance({ status: 'approved', event }, { role: 'editor', id: '7' })).toBe(true);
    expect(canTakeAttendance({ status: 'approved', event }, { role: 'editor', id: '8' })).toBe(false);
    expect(canTakeAttendance({ status: 'cancelled', event }, { role: 'admin', id: '1' })).toBe(false);
    expect(canTakeAttendance({ status: 'approved', event }, null)).toBe(false);
  });

  it('allows only cancelled and excused before the start', () => {
    const start = Date.parse('2026-11-24T07:00:00Z');
    expect(hasStarted({ occurrenceDate: '2026-11-24T07:00:00Z' }, start - 1)).toBe(false);
    expect(hasStarted({ occurrenceDate: '2026-11-24T07:00:00Z' }, start)).toBe(true);
    expect(markAllowed('present', false)).toBe(false);
    expect(markAllowed('excused', false)).toBe(true);
    expect(markAllowed('cancelled', false)).toBe(true);
    expect(markAllowed('lateCancelled', false)).toBe(false);
    expect(markAllowed('lateCancelled', true)).toBe(true);
  });

  it('starts from the session’s marks and sends only what changed, with its note', () => {
    const initial = draftsOf({
      guests: [
        { id: 1, name: 'A', surname: null, status: 'active', attendance: null, rsvp: null, makeup: null },
        { id: 2, name: 'B', surname: null, status: 'active', attendance: 'late', rsvp: null, makeup: null },
        { id: 3, name: 'C', surname: null, status: 'active', attendance: 'absent', rsvp: null, makeup: null },
      ],
      attendance: [
        { guestId: 2, status: 'late', note: 'Bus', markedBy: null, markedAt: '2026-11-24T08:00:00Z' },
        { guestId: 3, status: 'absent', note: null, markedBy: null, markedAt: '2026-11-24T08:00:00Z' },
      ],
    });
    expect(initial).toEqual({
      1: { status: null, note: '' },
      2: { status: 'late', note: 'Bus' },
      3: { status: 'absent', note: '' },
    });
    expect(changedEntries(initial, initial)).toEqual([]);
    const everyone = everyonePresent(initial);
    expect(changedEntries(initial, { ...everyone, 3: { status: 'absent', note: ' Ill ' } })).toEqual([
      { guestId: 1, status: 'present', note: '' },
      { guestId: 2, status: 'present', note: 'Bus' },
      { guestId: 3, status: 'absent', note: 'Ill' },
    ]);
    // A guest left unmarked is not sent: a mark cannot be taken back to none.
    expect(changedEntries(initial, { ...initial, 1: { status: null, note: 'x' } })).toEqual([]);
  });
});
