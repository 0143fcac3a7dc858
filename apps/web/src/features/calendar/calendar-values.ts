import type { OccurrenceCalendar, OccurrenceStatus } from '@ritim/shared';
import { parseDay, shiftDay } from '../../lib/dates';
import { fullName } from '../../lib/names';

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
export interface SessionProps {
  occurrenceId: number;
  status: OccurrenceStatus;
  location: string;
  organiser: string;
}

/** A session as FullCalendar's event input. */
export interface SessionInput {
  id: string;
  title: string;
  start: string;
  end: string;
  /** Only admins move sessions, and never a completed one. */
  startEditable: boolean;
  durationEditable: false;
  extendedProps: SessionProps;
}

/** The range's sessions as FullCalendar events, each with its event's title, place and organiser. */
export function sessionInputs(range: OccurrenceCalendar, { canMove }: { canMove: boolean }): SessionInput[] {
  const events = new Map(range.events.map((event) => [event.id, event]));
  return range.sessions.map((session) => {
    const event = events.get(session.eventId);
    return {
      id: String(session.id),
      title: event?.title ?? '',
      start: session.startsAt,
      end: session.endsAt,
      startEditable: canMove && session.status !== 'completed',
      durationEditable: false,
      extendedProps: {
        occurrenceId: session.id,
        status: session.status,
        location: event?.location.name ?? '',
        organiser: event ? fullName(event.organiser) : '',
      },
    };
  });
}
