import type { Conflict } from '@ritim/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConflictWarnings, groupConflicts } from './conflict-warnings';

const base = { eventId: 1, title: 'Piano' };
/** Monday 11 January 2027, 10:00–11:00 in Istanbul (UTC+3) plus `days`. */
const at = (days: number, id: number, who: Partial<Conflict>): Conflict => ({
  ...base,
  kind: 'organiser',
  occurrenceId: id,
  startsAt: new Date(Date.UTC(2027, 0, 11 + days, 7)).toISOString(),
  endsAt: new Date(Date.UTC(2027, 0, 11 + days, 8)).toISOString(),
  userId: 5,
  name: 'Ayşe Yılmaz',
  ...who,
});

describe('ConflictWarnings', () => {
  it('says one clash per person or room in a sentence, in the viewer’s zone', () => {
    render(
      <ConflictWarnings
        zone="Europe/Istanbul"
        list={{
          conflicts: [
            at(0, 1, {}),
            at(0, 1, { kind: 'location', userId: undefined, locationId: 2, name: 'Room 1' }),
            at(0, 1, { kind: 'guest', userId: 9, name: 'Gül Şahin', title: 'Violin' }),
          ],
          conflictCount: 3,
        }}
      />,
    );
    const items = screen.getAllByTestId('conflict').map((li) => li.textContent);
    expect(items).toEqual([
      'Ayşe Yılmaz is already organising ‘Piano’ on Mon 11/01 10:00–11:00',
      'Room 1 is already booked for ‘Piano’ on Mon 11/01 10:00–11:00',
      'Gül Şahin is already attending ‘Violin’ on Mon 11/01 10:00–11:00',
    ]);
    expect(screen.getByText('A warning only: saving still works.')).toBeTruthy();
    // Another zone, another clock.
    render(<ConflictWarnings zone="Europe/London" list={{ conflicts: [at(0, 1, {})], conflictCount: 1 }} />);
    expect(screen.getByText('Ayşe Yılmaz is already organising ‘Piano’ on Mon 11/01 07:00–08:00')).toBeTruthy();
  });

  it('groups many by person with a count, the first three and “and N more”, and says when the list is cut', () => {
    const many = [0, 1, 2, 3, 4].map((day) => at(day, 10 + day, {}));
    render(<ConflictWarnings zone="Europe/Istanbul" list={{ conflicts: many, conflictCount: 140 }} />);
    const [group] = screen.getAllByTestId('conflict');
    expect(group!.textContent).toContain('Ayşe Yılmaz is already organising 5 sessions at these times:');
    expect(
      within(group!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '‘Piano’ on Mon 11/01 10:00–11:00',
      '‘Piano’ on Tue 12/01 10:00–11:00',
      '‘Piano’ on Wed 13/01 10:00–11:00',
      'and 2 more',
    ]);
    expect(screen.getByText('The first 5 of 140 double bookings are listed.')).toBeTruthy();
  });

  it('says the planned sessions in the organiser’s time off or outside their working hours, without a title', () => {
    const own = (days: number, kind: Conflict['kind']): Conflict => {
      const { occurrenceId: _id, eventId: _event, title: _title, ...rest } = at(days, 0, { kind });
      return rest;
    };
    render(
      <ConflictWarnings
        zone="Europe/Istanbul"
        list={{ conflicts: [own(0, 'timeOff'), own(0, 'outsideHours'), own(1, 'outsideHours')], conflictCount: 3 }}
      />,
    );
    const [timeOff, hours] = screen.getAllByTestId('conflict');
    expect(timeOff!.textContent).toBe('Ayşe Yılmaz is on time off on Mon 11/01 10:00–11:00');
    expect(hours!.textContent).toContain('2 sessions are outside Ayşe Yılmaz’s working hours:');
    expect(
      within(hours!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mon 11/01 10:00–11:00', 'Tue 12/01 10:00–11:00']);
  });

  it('shows nothing without clashes, unless asked to say so', () => {
    const { container } = render(<ConflictWarnings zone="UTC" list={{ conflicts: [], conflictCount: 0 }} />);
    expect(container.textContent).toBe('');
    render(<ConflictWarnings zone="UTC" list={{ conflicts: [], conflictCount: 0 }} showNone />);
    expect(screen.getByText('No double bookings.')).toBeTruthy();
  });

  it('groups by kind and person or room, in order of the first session', () => {
    const groups = groupConflicts([
      at(0, 1, {}),
      at(0, 1, { kind: 'guest', userId: 5 }),
      at(1, 2, {}),
      at(1, 2, { kind: 'location', userId: undefined, locationId: 5 }),
    ]);
    expect(groups.map((group) => group.map((c) => `${c.kind}:${c.occurrenceId}`))).toEqual([
      ['organiser:1', 'organiser:2'],
      ['guest:1'],
      ['location:2'],
    ]);
  });
});
