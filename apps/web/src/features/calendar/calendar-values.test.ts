import type { OccurrenceCalendar } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import {
  dayRangeIn,
  moreInputs,
  readCalendarParams,
  occurrenceInputs,
  stepDate,
  viewOfType,
  writeCalendarParams,
} from './calendar-values';

const wide = { today: '2026-11-26', narrow: false };
const read = (query: string, fallback = wide) => readCalendarParams(new URLSearchParams(query), fallback);

describe('the calendar URL', () => {
  it('reads the view, the date and the filters it names', () => {
    expect(read('view=week&date=2027-03-28&organiserId=4&locationId=7&guestId=12')).toEqual({
      view: 'week',
      date: '2027-03-28',
      filters: { organiserId: 4, locationId: 7, guestId: 12 },
    });
  });

  it('opens the month on a wide screen and the list on a narrow one when it names no view', () => {
    expect(read('')).toEqual({ view: 'month', date: '2026-11-26', filters: {} });
    expect(read('', { today: '2026-11-26', narrow: true }).view).toBe('list');
    // A view named in the URL wins on a narrow screen too.
    expect(read('view=day', { today: '2026-11-26', narrow: true }).view).toBe('day');
  });

  it('falls back for what a hand-edited URL gets wrong', () => {
    expect(read('view=year&date=2026-02-30&organiserId=abc&locationId=0&guestId=-3')).toEqual({
      view: 'month',
      date: '2026-11-26',
      filters: {},
    });
    expect(read('organiserId=99999999999').filters).toEqual({});
  });

  it('writes the state back, keeping other parameters and dropping cleared filters', () => {
    const params = writeCalendarParams(
      { view: 'list', date: '2026-12-01', filters: { guestId: 5 } },
      new URLSearchParams('organiserId=3&other=x'),
    );
    expect(Object.fromEntries(params)).toEqual({ other: 'x', view: 'list', date: '2026-12-01', guestId: '5' });
    // Writing what was read gives the same state.
    expect(readCalendarParams(params, wide)).toEqual({ view: 'list', date: '2026-12-01', filters: { guestId: 5 } });
  });
});

describe('previous and next', () => {
  it('steps a month, a week or a day, and a week in the list', () => {
    expect(stepDate('month', '2026-11-26', 1)).toBe('2026-12-26');
    expect(stepDate('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(stepDate('month', '2026-01-15', -1)).toBe('2025-12-15');
    expect(stepDate('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(stepDate('list', '2026-11-26', -1)).toBe('2026-11-19');
    // Across the spring-forward night a day is still one day.
    expect(stepDate('day', '2027-03-28', -1)).toBe('2027-03-27');
  });
});

describe('sessions as calendar events', () => {
  const range: OccurrenceCalendar = {
    sessions: [
      {
        id: 1,
        eventId: 10,
        startsAt: '2026-11-26T15:00:00.000Z',
        endsAt: '2026-11-26T16:00:00.000Z',
        status: 'approved',
        cancellationReason: null,
        makeupOf: null,
      },
      {
        id: 2,
        eventId: 10,
        startsAt: '2026-11-27T15:00:00.000Z',
        endsAt: '2026-11-27T16:00:00.000Z',
        status: 'completed',
        cancellationReason: null,
        makeupOf: null,
      },
      {
        id: 3,
        eventId: 11,
        startsAt: '2026-11-27T08:30:00.000Z',
        endsAt: '2026-11-27T09:15:00.000Z',
        status: 'scheduled',
        cancellationReason: null,
        makeupOf: { occurrenceId: 2, guestId: 7 },
      },
    ],
    events: [
      {
        id: 10,
        title: 'Choir',
        timezone: 'Europe/London',
        location: { id: 1, name: 'Hall' },
        organiser: { id: 5, name: 'Leyla', surname: 'Aydın' },
      },
      {
        id: 11,
        title: 'Band',
        timezone: 'Europe/Istanbul',
        location: { id: 2, name: 'Studio' },
        organiser: { id: 6, name: 'Kerem', surname: null },
      },
    ],
  };

  it('gives each session its event’s title, place and organiser, with its exact start and end, and marks a make-up', () => {
    const [first, , third] = occurrenceInputs(range, { canMove: true });
    expect(first).toEqual({
      id: '1',
      title: 'Choir',
      start: '2026-11-26T15:00:00.000Z',
      end: '2026-11-26T16:00:00.000Z',
      startEditable: true,
      durationEditable: false,
      extendedProps: {
        kind: 'session',
        rank: 0,
        occurrenceId: 1,
        status: 'approved',
        cancellationReason: null,
        makeup: false,
        location: 'Hall',
        organiser: 'Leyla Aydın',
      },
    });
    expect(third?.extendedProps).toEqual({
      kind: 'session',
      rank: 0,
      occurrenceId: 3,
      status: 'scheduled',
      cancellationReason: null,
      makeup: true,
      location: 'Studio',
      organiser: 'Kerem',
    });
  });

  it('lets admins move every session but a completed one, and no one else move any', () => {
    expect(occurrenceInputs(range, { canMove: true }).map((session) => session.startEditable)).toEqual([
      true,
      false,
      true,
    ]);
    expect(occurrenceInputs(range, { canMove: false }).some((session) => session.startEditable)).toBe(false);
  });
});

describe('a busy day’s +N more', () => {
  const session = (id: number, startsAt: string) => ({
    id,
    eventId: 10,
    startsAt,
    endsAt: startsAt.replace(/T(\d\d)/, (_, hour: string) => `T${String(Number(hour) + 1).padStart(2, '0')}`),
    status: 'scheduled' as const,
    cancellationReason: null,
    makeupOf: null,
  });
  // Two sessions drawn of 26 November in Istanbul (the second starts at 00:30 Istanbul on the 27th,
  // still the 26th in UTC), one of the 27th; the 28th is not busy.
  const range: OccurrenceCalendar = {
    sessions: [
      session(1, '2026-11-26T07:00:00.000Z'),
      session(2, '2026-11-26T09:00:00.000Z'),
      session(3, '2026-11-26T21:30:00.000Z'),
      session(4, '2026-11-28T07:00:00.000Z'),
    ],
    events: [],
    days: [
      { date: '2026-11-26', count: 250 },
      { date: '2026-11-27', count: 3 },
      { date: '2026-11-28', count: 1 },
    ],
  };

  it('counts what each day was not given, after its last session drawn, in the viewer’s zone', () => {
    expect(moreInputs(range, 'Europe/Istanbul', { allDay: false })).toEqual([
      {
        id: 'more-2026-11-26',
        title: '',
        start: '2026-11-26T09:00:00.000Z',
        allDay: false,
        startEditable: false,
        durationEditable: false,
        extendedProps: { kind: 'more', rank: 1, date: '2026-11-26', hidden: 248, total: 250 },
      },
      expect.objectContaining({
        start: '2026-11-26T21:30:00.000Z',
        extendedProps: { kind: 'more', rank: 1, date: '2026-11-27', hidden: 2, total: 3 },
      }),
    ]);
  });

  it('puts them in the all-day row of the time grids', () => {
    expect(
      moreInputs(range, 'Europe/Istanbul', { allDay: true }).map(({ start, allDay }) => ({ start, allDay })),
    ).toEqual([
      { start: '2026-11-26', allDay: true },
      { start: '2026-11-27', allDay: true },
    ]);
  });

  it('has none for a range read whole (no day counts) or a quiet one', () => {
    expect(moreInputs({ ...range, days: undefined }, 'Europe/Istanbul', { allDay: false })).toEqual([]);
    expect(
      moreInputs({ ...range, days: [{ date: '2026-11-28', count: 1 }] }, 'Europe/Istanbul', { allDay: false }),
    ).toEqual([]);
  });

  it('opens a day as its instants in the zone, 23 hours when the clocks go forward', () => {
    expect(dayRangeIn('2026-11-26', 'Europe/Istanbul')).toEqual({
      from: '2026-11-25T21:00:00.000Z',
      to: '2026-11-26T21:00:00.000Z',
    });
    expect(dayRangeIn('2027-03-28', 'Europe/London')).toEqual({
      from: '2027-03-28T00:00:00.000Z',
      to: '2027-03-28T23:00:00.000Z',
    });
  });

  it('knows its views by FullCalendar’s names', () => {
    expect(viewOfType('dayGridMonth')).toBe('month');
    expect(viewOfType('listWeek')).toBe('list');
    expect(viewOfType('multiMonthYear')).toBeUndefined();
  });
});
