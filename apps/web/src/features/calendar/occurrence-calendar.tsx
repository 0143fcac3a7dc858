import FullCalendar, { type CalendarRef, type EventDisplayInfo, type EventDropInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import enGbLocale from '@fullcalendar/react/locales/en-gb';
import trLocale from '@fullcalendar/react/locales/tr';
import breezyTheme from '@fullcalendar/react/themes/breezy';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/breezy/theme.css';
import '@fullcalendar/react/themes/breezy/palettes/indigo.css';
import './calendar.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusColourClasses } from '../../components/status-badge';
import { formatDay } from '../../lib/dates';
import {
  FULLCALENDAR_VIEWS,
  viewOfType,
  type CalendarInput,
  type CalendarView,
  type MoreProps,
  type OccurrenceProps,
} from './calendar-values';

/** What the screen learns when the calendar shows another period. */
export interface VisibleRange {
  /** The view FullCalendar shows it in (the URL's may be a step ahead). */
  view: CalendarView;
  from: string;
  to: string;
  title: string;
}

/** A session dropped at another start, waiting for the admin's confirmation. */
export interface OccurrenceDrop {
  occurrenceId: number;
  title: string;
  from: Date;
  to: Date;
  /** Puts the session back where it was. */
  revert: () => void;
}

const plugins = [breezyTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
/** A week's title names its days ('23 – 29 Nov 2026'), not only its month. */
const viewOptions = {
  timeGridWeek: { titleFormat: { year: 'numeric', month: 'short', day: 'numeric' } },
  listWeek: { titleFormat: { year: 'numeric', month: 'short', day: 'numeric' } },
} as const;

/** A day's '+N more' (a button, as FullCalendar makes interactive events): opens the day's sessions. */
function MoreContent({ more }: { more: MoreProps }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="relative w-full truncate rounded-sm px-1 text-xs leading-5 font-semibold text-indigo-700 hover:bg-indigo-50 hover:text-indigo-900"
      data-testid="calendar-more"
      data-date={more.date}
    >
      {/* A phone's day is a few characters wide: the count alone. Read out: the count and what it opens. */}
      <span aria-hidden className="sm:hidden">
        {t('calendar.moreLinkShort', { count: more.hidden })}
      </span>
      <span aria-hidden className="hidden sm:inline">
        {t('calendar.moreLink', { count: more.hidden })}
      </span>
      <span className="sr-only">
        {t('calendar.moreLink', { count: more.hidden })},{' '}
        {t('calendar.moreLinkHint', { count: more.total, day: formatDay(more.date, i18n.language) })}
      </span>
    </div>
  );
}

function OccurrenceContent({ info }: { info: EventDisplayInfo }) {
  const { t } = useTranslation();
  const props = info.event.extendedProps as OccurrenceProps | MoreProps;
  if (props.kind === 'more') return <MoreContent more={props} />;
  const { status, cancellationReason, makeup, location, organiser } = props;
  const cancelled = status === 'cancelled';
  const list = info.view.type.startsWith('list');
  // In the week and the day, time above title, unless the session is too short for two lines.
  const stacked = info.view.type.startsWith('timeGrid') && !info.isShort;
  const reason =
    cancelled && cancellationReason !== null ? t('cancellation.because', { reason: cancellationReason }) : null;
  // A month's day is narrow: a cancelled session's reason takes a line of its own under the
  // title, so neither is cut to a few letters.
  const wraps = list || (reason !== null && !stacked);
  return (
    <div
      // Relative, so the clipped box holds the screen-reader text too (no overflow on a phone).
      className={`relative flex h-full w-full min-w-0 gap-x-1 overflow-hidden rounded-sm px-1 text-xs leading-5 ring-1 ring-inset ${
        wraps ? 'flex-wrap py-0.5' : stacked ? 'flex-col' : ''
      } ${statusColourClasses(status)}`}
      // The whole text on hover, where a narrow day cuts it.
      title={reason ? `${info.event.title} · ${reason}` : undefined}
      data-testid="calendar-session"
      data-status={status}
      data-draggable={info.isDraggable}
    >
      {info.timeText && <span className="shrink-0 font-semibold tabular-nums">{info.timeText} </span>}
      <span className={`truncate font-medium ${cancelled ? 'line-through' : ''}`}>
        {info.event.title}
        {/* The status is a colour on screen; a screen reader says it. */}
        <span className="sr-only">, {t(`occurrences.statuses.${status}`)}</span>
      </span>
      {makeup && (
        <span className="shrink-0 font-semibold" data-testid="calendar-makeup">
          {t('makeup.badge')}
        </span>
      )}
      {reason && (
        <span className={`truncate italic ${wraps ? 'basis-full' : ''}`} data-testid="calendar-cancellation-reason">
          {reason}
        </span>
      )}
      {list && (
        <span className="basis-full truncate opacity-80">
          {location} · {organiser}
        </span>
      )}
    </div>
  );
}

/**
 * FullCalendar (v7) drawing the sessions in the viewer's zone: the view and date follow the
 * screen's URL, sessions open on click or Enter, and admins drag a session to another start.
 * Only this module imports FullCalendar, so it stays in the calendar's chunk.
 */
export function OccurrenceCalendar({
  view,
  date,
  zone,
  events,
  canMove,
  onRangeChange,
  onOpen,
  onOpenDay,
  onDrop,
}: {
  view: CalendarView;
  date: string;
  zone: string;
  /** The sessions to draw (a busy range cut to a few a day or an hour) and each busy day's '+N more'. */
  events: CalendarInput[];
  canMove: boolean;
  onRangeChange: (range: VisibleRange) => void;
  onOpen: (occurrenceId: number) => void;
  onOpenDay: (date: string) => void;
  onDrop: (drop: OccurrenceDrop) => void;
}) {
  const { t, i18n } = useTranslation();
  const calendarRef = useRef<CalendarRef>(null);
  // The first render takes the URL's view and date; later changes are applied through the API.
  const [initial] = useState(() => ({ view: FULLCALENDAR_VIEWS[view], date }));
  const hasAllDay = events.some((event) => 'allDay' in event && event.allDay);

  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!api) return;
    const type = FULLCALENDAR_VIEWS[view];
    if (api.view.type !== type) api.changeView(type, date);
    else api.gotoDate(date);
  }, [view, date]);

  return (
    <FullCalendar
      ref={calendarRef}
      plugins={plugins}
      initialView={initial.view}
      initialDate={initial.date}
      timeZone={zone}
      locale={i18n.language === 'tr' ? trLocale : enGbLocale}
      firstDay={1}
      headerToolbar={false}
      // Inside the screen's card already.
      borderless
      // A day's hours scroll inside a fixed height (from 08:00); a month or a list is as tall as it needs.
      height={view === 'week' || view === 'day' ? 720 : 'auto'}
      views={viewOptions}
      events={events}
      // The range comes cut to what the view draws (VIEW_CUTS), with our own '+N more' for the rest:
      // FullCalendar's would count only the sessions it was given.
      dayMaxEvents={false}
      eventOrder="start,rank,-duration,title"
      noEventsText={t('calendar.empty')}
      allDayText={t('calendar.moreRow')}
      // The time grids' '+N more' sit in the all-day row (there are no all-day sessions).
      allDaySlot={hasAllDay}
      eventTimeFormat={timeFormat}
      slotHeaderFormat={timeFormat}
      scrollTime="08:00:00"
      nowIndicator
      navLinks={false}
      eventDisplay="block"
      eventColor="transparent"
      // Sessions are reachable with Tab and open with Enter, like a button.
      eventInteractive
      editable={canMove}
      eventDurationEditable={false}
      eventContent={(info) => <OccurrenceContent info={info} />}
      datesSet={(info) =>
        onRangeChange({
          view: viewOfType(info.view.type) ?? view,
          from: info.start.toISOString(),
          to: info.end.toISOString(),
          title: info.view.title,
        })
      }
      eventClick={(info) => {
        info.jsEvent.preventDefault();
        const props = info.event.extendedProps as OccurrenceProps | MoreProps;
        if (props.kind === 'more') onOpenDay(props.date);
        else onOpen(props.occurrenceId);
      }}
      eventDrop={(info: EventDropInfo) => {
        const { start } = info.event;
        const from = info.oldEvent.start;
        if (!start || !from) {
          info.revert();
          return;
        }
        onDrop({
          occurrenceId: (info.event.extendedProps as OccurrenceProps).occurrenceId,
          title: info.event.title,
          from,
          to: start,
          revert: info.revert,
        });
      }}
    />
  );
}
