import type { OccurrenceCalendar, OccurrenceStatus } from '@ritim/shared';
import { DateTime } from 'luxon';
import { parseDay, shiftDay } from '../../lib/dates';
import { fullName } from '../../lib/names';
import { todayIn } from '../../lib/wall-clock';

/**
 * The Calendar screen's state as the URL keeps it (`?view=&date=&organiserId=&locationId=&guestId=`)
 * and the sessions as FullCalendar takes them: plain functions, without FullCalendar itself.
 */

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** FullCalendar's view of each of ours (the list shows a week). */
export const FULLCALENDAR_VIEWS: Record<CalendarView, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listWeek',
};

/** Our view of a FullCalendar view type, if it is one of ours. */
export const viewOfType = (type: string): CalendarView | undefined =>
  CALENDAR_VIEWS.find((view) => FULLCALENDAR_VIEWS[view] === type);

/**
 * How much of a busy range each view reads (issue 14: a month of thousands of sessions must not
 * freeze the page, and FullCalendar's time grows with every event it is given): what fits, four
 * sessions in a month's cell, twenty a day in the list, two an hour side by side in a week's
 * column and four in the day's. The server keeps those and counts each day; a day with more
 * shows '+N more', which opens all of its sessions.
 */
export const VIEW_CUTS: Record<CalendarView, { perDay: number } | { perHour: number }> = {
  month: { perDay: 4 },
  week: { perHour: 2 },
  day: { perHour: 4 },
  list: { perDay: 20 },
};

export const CALENDAR_FILTERS = ['organiserId', 'locationId', 'guestId'] as const;
export type CalendarFilter = (typeof CALENDAR_FILTERS)[number];
export type CalendarFilters = Partial<Record<CalendarFilter, number>>;

export interface CalendarState {
  view: CalendarView;
  /** A day inside the period shown (yyyy-MM-dd, in the viewer's zone). */
  date: string;
  filters: CalendarFilters;
}

const isView = (value: string | null): value is CalendarView =>
  value !== null && (CALENDAR_VIEWS as readonly string[]).includes(value);

/** A positive whole id, else undefined (a hand-edited URL). */
function parseId(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * The state a URL names; what it lacks or gets wrong falls back: the view to the list on a narrow
 * screen and the month elsewhere, the date to today.
 */
export function readCalendarParams(
  params: URLSearchParams,
  fallback: { today: string; narrow: boolean },
): CalendarState {
  const view = params.get('view');
  const filters: CalendarFilters = {};
  for (const name of CALENDAR_FILTERS) {
    const id = parseId(params.get(name));
    if (id !== undefined) filters[name] = id;
  }
  return {
    view: isView(view) ? view : fallback.narrow ? 'list' : 'month',
    date: parseDay(params.get('date')) ?? fallback.today,
    filters,
  };
}

/** The URL's query for a state, keeping any other parameter of `current`. */
export function writeCalendarParams(state: CalendarState, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  params.set('view', state.view);
  params.set('date', state.date);
  for (const name of CALENDAR_FILTERS) {
    const id = state.filters[name];
    if (id === undefined) params.delete(name);
    else params.set(name, String(id));
  }
  return params;
}

/** The date one period before (-1) or after (1) `date` in a view: a month, a week or a day. */
export function stepDate(view: CalendarView, date: string, direction: 1 | -1): string {
  if (view === 'month') return shiftDay(date, direction, 'month');
  return shiftDay(date, view === 'day' ? direction : 7 * direction, 'day');
}

/** What each session carries besides its times, for drawing it and for its details. */
export interface OccurrenceProps {
  kind: 'session';
  /** Sessions come before a day's '+N more' when they start together. */
  rank: 0;
  occurrenceId: number;
  status: OccurrenceStatus;
  /** A cancelled session's reason (null otherwise): drawn struck through, with it. */
  cancellationReason: string | null;
  /** A make-up session (docs/domain.md#make-ups): drawn with a 'Make-up' mark. */
  makeup: boolean;
  location: string;
  organiser: string;
}

/** A session as FullCalendar's event input. */
export interface OccurrenceInput {
  id: string;
  title: string;
  start: string;
  end: string;
  /** Only admins move sessions, and never a completed one. */
  startEditable: boolean;
  durationEditable: false;
  extendedProps: OccurrenceProps;
}

/** A day's '+N more': the sessions of `date` the calendar was not given, `total` with those drawn. */
export interface MoreProps {
  kind: 'more';
  rank: 1;
  date: string;
  hidden: number;
  total: number;
}

/**
 * A day's '+N more' as an event of its own, so FullCalendar lays it out and the keyboard reaches
 * it like a session: after the day's last session drawn (a month's cell, a list's day), or in the
 * all-day row above a time grid.
 */
export interface MoreInput {
  id: string;
  title: string;
  start: string;
  allDay: boolean;
  startEditable: false;
  durationEditable: false;
  extendedProps: MoreProps;
}

export type CalendarInput = OccurrenceInput | MoreInput;

/** The range's sessions as FullCalendar events, each with its event's title, place and organiser. */
export function occurrenceInputs(range: OccurrenceCalendar, { canMove }: { canMove: boolean }): OccurrenceInput[] {
  const events = new Map(range.events.map((event) => [event.id, event]));
  return range.sessions.map((session) => {
    const event = events.get(session.eventId);
    return {
      id: String(session.id),
      title: event?.title ?? '',
      start: session.startsAt,
      end: session.endsAt,
      startEditable: canMove && session.status !== 'completed' && session.status !== 'cancelled',
      durationEditable: false,
      extendedProps: {
        kind: 'session',
        rank: 0,
        occurrenceId: session.id,
        status: session.status,
        cancellationReason: session.cancellationReason ?? null,
        makeup: !!session.makeupOf,
        location: event?.location.name ?? '',
        organiser: event ? fullName(event.organiser) : '',
      },
    };
  });
}

/**
 * The '+N more' of each day of a cut range (`days`, counted in `zone`) that has more sessions
 * than were drawn; `allDay` puts them in the all-day row (the time grids).
 */
export function moreInputs(range: OccurrenceCalendar, zone: string, { allDay }: { allDay: boolean }): MoreInput[] {
  const drawn = new Map<string, { count: number; last: string }>();
  for (const session of range.sessions) {
    const date = todayIn(zone, new Date(session.startsAt));
    drawn.set(date, { count: (drawn.get(date)?.count ?? 0) + 1, last: session.startsAt });
  }
  return (range.days ?? []).flatMap(({ date, count }) => {
    const day = drawn.get(date);
    const hidden = count - (day?.count ?? 0);
    if (hidden <= 0) return [];
    return {
      id: `more-${date}`,
      title: '',
      start: allDay || !day ? date : day.last,
      allDay: allDay || !day,
      startEditable: false,
      durationEditable: false,
      extendedProps: { kind: 'more', rank: 1, date, hidden, total: count },
    };
  });
}

/** [from, to) of a day in `zone`, as the calendar endpoint takes them (23 or 25 hours when the clocks change). */
export function dayRangeIn(date: string, zone: string): { from: string; to: string } {
  const start = DateTime.fromISO(date, { zone }).startOf('day');
  return { from: start.toUTC().toISO() ?? '', to: start.plus({ days: 1 }).toUTC().toISO() ?? '' };
}
