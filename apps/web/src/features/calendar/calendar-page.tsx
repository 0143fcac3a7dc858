import { FilterSelect } from '../../components/filter-select';
import { errorMessage } from '../../api/errors';
import { DEFAULT_TIMEZONE, OCCURRENCE_STATUSES } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { locationChoicesQuery } from '../../api/locations';
import { useUpdateOccurrence } from '../../api/occurrences';
import { peopleQuery } from '../../api/people';
import { isAdmin } from '../../auth/roles';
import { useSession } from '../../auth/session-store';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { buttonClass, cardClass } from '../../components/ui';
import { useLatestSearchParams } from '../../components/use-latest-search-params';
import { WithChoices } from '../../components/with-choices';
import { fullName } from '../../lib/names';
import { dateTimeIn, todayIn } from '../../lib/wall-clock';
import { calendarQuery } from './api';
import {
  CALENDAR_VIEWS,
  moreInputs,
  readCalendarParams,
  occurrenceInputs,
  stepDate,
  VIEW_CUTS,
  writeCalendarParams,
  type CalendarFilter,
  type CalendarFilters,
  type CalendarState,
  type CalendarView,
} from './calendar-values';
import { DayOccurrences } from './day-occurrences';
import { MoveConfirmation } from './move-confirmation';
import { OccurrenceCalendar, type OccurrenceDrop, type VisibleRange } from './occurrence-calendar';
import { OccurrenceDetails } from './occurrence-details';

/** Below this width the calendar opens as a list (when the URL names no view). */
const NARROW_QUERY = '(max-width: 639px)';

/** Each view's name, and what its arrows step by (the list shows a week). */
const VIEW_LABELS = {
  month: 'common.month',
  week: 'common.week',
  day: 'common.day',
  list: 'calendar.views.list',
} as const satisfies Record<CalendarView, string>;
const STEP_LABELS = {
  month: { previous: 'common.previousMonth', next: 'common.nextMonth' },
  week: { previous: 'common.previousWeek', next: 'common.nextWeek' },
  day: { previous: 'common.previousDay', next: 'common.nextDay' },
  list: { previous: 'common.previousWeek', next: 'common.nextWeek' },
} as const satisfies Record<CalendarView, { previous: string; next: string }>;

const choiceTexts = { loading: 'common.loading', failed: 'calendar.choicesFailed' } as const;

/** The admin's filters by organiser, location and guest, from the same choices the event form offers. */
function CalendarFiltersBar({
  filters,
  onChange,
}: {
  filters: CalendarFilters;
  onChange: (filters: CalendarFilters) => void;
}) {
  const { t } = useTranslation();
  const organisers = useQuery(peopleQuery('editor'));
  const locations = useQuery(locationChoicesQuery());
  const guests = useQuery(peopleQuery('guest'));
  const set = (name: CalendarFilter) => (value: number | undefined) => onChange({ ...filters, [name]: value });
  const people = (items: { id: number; name: string | null; surname: string | null; username: string }[]) =>
    items.map((person) => ({ value: person.id, label: fullName(person) }));
  const any = Object.values(filters).some((value) => value !== undefined);
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" data-testid="calendar-filters">
      <legend className="sr-only">{t('calendar.filters')}</legend>
      <WithChoices label={t('common.organiser')} query={organisers} texts={choiceTexts}>
        {(data) => (
          <FilterSelect
            label={t('common.organiser')}
            emptyLabel={t('calendar.anyOrganiser')}
            value={filters.organiserId}
            options={people(data.items)}
            onChange={set('organiserId')}
          />
        )}
      </WithChoices>
      <WithChoices label={t('items.Location')} query={locations} texts={choiceTexts}>
        {(data) => (
          <FilterSelect
            label={t('items.Location')}
            emptyLabel={t('calendar.anyLocation')}
            value={filters.locationId}
            options={data.items.map((location) => ({ value: location.id, label: location.name }))}
            onChange={set('locationId')}
          />
        )}
      </WithChoices>
      <WithChoices label={t('roles.guest')} query={guests} texts={choiceTexts}>
        {(data) => (
          <FilterSelect
            label={t('roles.guest')}
            emptyLabel={t('calendar.anyGuest')}
            value={filters.guestId}
            options={people(data.items)}
            onChange={set('guestId')}
          />
        )}
      </WithChoices>
      <div>
        <button type="button" className={buttonClass.secondary} disabled={!any} onClick={() => onChange({})}>
          {t('calendar.clearFilters')}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * Calendar (`/calendar`, every role; issue 14): the sessions the viewer may see by month, week, day
 * or as a week's list, in their own zone, coloured by status. The view, the date and the admin's
 * filters live in the URL; one request reads the range shown. A session opens its details; admins
 * drag one to another start after a confirmation.
 */
export function CalendarPage() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const zone = user?.timezone ?? DEFAULT_TIMEZONE;
  const admin = isAdmin(role);
  const [narrow] = useState(() => window.matchMedia?.(NARROW_QUERY).matches ?? false);
  const [searchParams, setSearchParams] = useLatestSearchParams();
  const today = todayIn(zone);
  const state = readCalendarParams(searchParams, { today, narrow });
  const filters = admin ? state.filters : {};

  const go = (changes: Partial<CalendarState>) =>
    setSearchParams((previous) =>
      writeCalendarParams({ ...readCalendarParams(previous, { today, narrow }), ...changes }, previous),
    );

  const [range, setRange] = useState<VisibleRange | null>(null);
  const onRangeChange = useCallback(
    (next: VisibleRange) =>
      setRange((previous) =>
        previous?.view === next.view &&
        previous.from === next.from &&
        previous.to === next.to &&
        previous.title === next.title
          ? previous
          : next,
      ),
    [],
  );
  // Cut to what the view draws, in the zone it draws in (the view FullCalendar reported, so a
  // view change asks once, for the new range).
  const query = useQuery({
    ...calendarQuery({
      from: range?.from ?? '',
      to: range?.to ?? '',
      ...filters,
      ...(range && VIEW_CUTS[range.view]),
      timezone: zone,
    }),
    enabled: range !== null,
  });
  const timeGrid = range?.view === 'week' || range?.view === 'day';
  const events = useMemo(
    () =>
      query.data
        ? [...occurrenceInputs(query.data, { canMove: admin }), ...moreInputs(query.data, zone, { allDay: timeGrid })]
        : [],
    [query.data, admin, zone, timeGrid],
  );

  const [openId, setOpenId] = useState<number | null>(null);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [drop, setDrop] = useState<OccurrenceDrop | null>(null);
  const move = useUpdateOccurrence();
  const cancelMove = () => {
    drop?.revert();
    setDrop(null);
  };
  const confirmMove = (pending: OccurrenceDrop) =>
    move.mutate(
      { id: pending.occurrenceId, changes: { occurrenceDate: pending.to.toISOString() } },
      {
        onSuccess: () => {
          toast.success(t('calendar.move.moved', { time: dateTimeIn(pending.to.toISOString(), zone) }));
          setDrop(null);
        },
        onError: (error) => {
          pending.revert();
          setDrop(null);
          toast.error(t('calendar.move.failed', { error: errorMessage(error) }));
        },
      },
    );

  const loading = range === null || query.isPending || (query.isFetching && query.isPlaceholderData);
  const empty = !loading && !query.isError && query.data?.sessions.length === 0;

  return (
    <div className="space-y-6">
      <PageTitle title={t('nav.calendar')} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('nav.calendar')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('calendar.description')}</p>
      </div>

      {admin && <CalendarFiltersBar filters={state.filters} onChange={(next) => go({ filters: next })} />}

      <div className={`${cardClass} p-3 sm:p-4`}>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={`${buttonClass.secondary} px-2`}
              aria-label={t(STEP_LABELS[state.view].previous)}
              onClick={() => go({ date: stepDate(state.view, state.date, -1) })}
            >
              <ChevronLeftIcon className="size-4" />
            </button>
            <button
              type="button"
              className={`${buttonClass.secondary} px-2`}
              aria-label={t(STEP_LABELS[state.view].next)}
              onClick={() => go({ date: stepDate(state.view, state.date, 1) })}
            >
              <ChevronRightIcon className="size-4" />
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={state.date === today}
              onClick={() => go({ date: today })}
            >
              {t('common.today')}
            </button>
          </div>
          <h2 className="min-w-0 flex-1 text-lg font-semibold text-slate-900" data-testid="calendar-title">
            {range?.title}
          </h2>
          <div role="group" aria-label={t('calendar.views.label')} className="isolate inline-flex rounded-md shadow-xs">
            {CALENDAR_VIEWS.map((view, index) => (
              <button
                key={view}
                type="button"
                aria-pressed={state.view === view}
                onClick={() => go({ view })}
                className={`relative px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 ring-inset focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  index === 0 ? 'rounded-l-md' : '-ml-px'
                } ${index === CALENDAR_VIEWS.length - 1 ? 'rounded-r-md' : ''} ${
                  state.view === view
                    ? 'bg-indigo-600 text-white ring-indigo-600'
                    : 'bg-white text-slate-900 hover:bg-slate-50'
                }`}
              >
                {t(VIEW_LABELS[view])}
              </button>
            ))}
          </div>
        </div>

        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          <p data-testid="calendar-zone">{t('common.timesIn', { zone })}</p>
          <ul aria-label={t('calendar.legend')} className="flex flex-wrap gap-2" data-testid="calendar-legend">
            {OCCURRENCE_STATUSES.map((status) => (
              <li key={status}>
                <StatusBadge status={status}>{t(`occurrences.statuses.${status}`)}</StatusBadge>
              </li>
            ))}
          </ul>
          {loading && !query.isError && (
            <p role="status" className="flex items-center gap-2 text-slate-500 sm:ml-auto">
              <Spinner />
              {t('calendar.loading')}
            </p>
          )}
          {empty && state.view !== 'list' && (
            <p role="status" className="text-slate-500 sm:ml-auto" data-testid="calendar-empty">
              {t('calendar.empty')}
            </p>
          )}
        </div>
        {query.isError && (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <p role="alert" className="text-sm text-red-700">
              {t('common.sessionsLoadFailed', { error: errorMessage(query.error) })}
            </p>
            <button type="button" className={buttonClass.secondary} onClick={() => void query.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        )}

        <div className={`mt-4 transition-opacity ${loading && query.data ? 'opacity-60' : ''}`} data-testid="calendar">
          <OccurrenceCalendar
            view={state.view}
            date={state.date}
            zone={zone}
            events={events}
            canMove={admin}
            onRangeChange={onRangeChange}
            onOpen={setOpenId}
            onOpenDay={setOpenDay}
            onDrop={setDrop}
          />
        </div>
      </div>

      <OccurrenceDetails occurrenceId={openId} zone={zone} role={role} onClose={() => setOpenId(null)} />
      <DayOccurrences date={openDay} zone={zone} filters={filters} role={role} onClose={() => setOpenDay(null)} />
      <MoveConfirmation drop={drop} zone={zone} busy={move.isPending} onConfirm={confirmMove} onCancel={cancelMove} />
    </div>
  );
}
