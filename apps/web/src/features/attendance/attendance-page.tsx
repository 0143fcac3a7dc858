import { DEFAULT_TIMEZONE, type AttendanceCounts, type AttendanceGroup } from '@ritim/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../components/toast';
import { attendanceSummaryQuery, downloadAttendanceCsv } from './api';
import { errorMessage } from '../../api/errors';
import { groupChoicesQuery } from '../../api/groups';
import { locationChoicesQuery } from '../../api/locations';
import { peopleQuery } from '../../api/people';
import { isAdmin } from '../../auth/roles';
import { useSession } from '../../auth/session-store';
import { DataTable, type Column } from '../../components/data-table';
import { FilterSelect } from '../../components/filter-select';
import { ChevronLeftIcon, ChevronRightIcon, InboxIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { buttonClass, cardClass, inputClass } from '../../components/ui';
import { useLatestSearchParams } from '../../components/use-latest-search-params';
import { WithChoices } from '../../components/with-choices';
import { translateMessage } from '../../i18n';
import { parseDay } from '../../lib/dates';
import { fullName } from '../../lib/names';
import { todayIn } from '../../lib/wall-clock';
import {
  formatRate,
  monthLabel,
  monthOf,
  rangeProblem,
  readState,
  shiftMonth,
  sortRows,
  summaryParams,
  writeState,
  type AttendanceFilter,
  type AttendanceState,
  type SortKey,
  type SummaryRow,
} from './attendance-values';

// Recharts is large: the chart comes in its own chunk once the screen has drawn.
const AttendanceChart = lazy(() => import('./attendance-chart'));

/** The counts the table and the totals show, in the marking's order. */
const COUNTS = ['present', 'late', 'absent', 'excused', 'cancelled', 'lateCancelled', 'unmarked'] as const;

/** The header of the table's first column, by grouping. */
const GROUP_HEADERS = {
  guest: 'roles.guest',
  organiser: 'common.organiser',
  event: 'items.Event',
  month: 'common.month',
} as const satisfies Record<AttendanceGroup, string>;

/**
 * The state in the URL, and a change to it (a new entry in the history, so Back undoes it), made
 * on the state last asked for, so a start and then an end typed quickly are both kept.
 */
function useAttendanceState(zone: string) {
  const [params, setParams] = useLatestSearchParams();
  const state = readState(params, zone);
  const change = (next: Partial<AttendanceState>) =>
    setParams((previous) => writeState({ ...readState(previous, zone), ...next }, zone));
  return { state, change };
}

/** The range: two days, the month before or after, and back to this month. */
function RangeControls({
  state,
  zone,
  onChange,
}: {
  state: AttendanceState;
  zone: string;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation();
  const fromId = useId();
  const toId = useId();
  const day = (value: string) => parseDay(value);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={fromId} className="block text-sm font-medium text-slate-900">
          {t('attendance.from')}
        </label>
        <input
          id={fromId}
          type="date"
          className={`${inputClass} mt-2`}
          value={state.from}
          onChange={(event) => {
            const from = day(event.target.value);
            if (from) onChange({ from });
          }}
        />
      </div>
      <div>
        <label htmlFor={toId} className="block text-sm font-medium text-slate-900">
          {t('events.to')}
        </label>
        <input
          id={toId}
          type="date"
          className={`${inputClass} mt-2`}
          value={state.to}
          onChange={(event) => {
            const to = day(event.target.value);
            if (to) onChange({ to });
          }}
        />
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className={`${buttonClass.secondary} px-2`}
          onClick={() => onChange(shiftMonth(state.from, -1))}
        >
          <ChevronLeftIcon className="size-4" />
          <span className="sr-only">{t('common.previousMonth')}</span>
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => onChange(monthOf(todayIn(zone)))}>
          {t('attendance.thisMonth')}
        </button>
        <button
          type="button"
          className={`${buttonClass.secondary} px-2`}
          onClick={() => onChange(shiftMonth(state.from, 1))}
        >
          <ChevronRightIcon className="size-4" />
          <span className="sr-only">{t('common.nextMonth')}</span>
        </button>
      </div>
    </div>
  );
}

const choiceTexts = { loading: 'common.loading', failed: 'calendar.choicesFailed' } as const;

/** The admin's filters by organiser, location and group (editors see only their own sessions anyway). */
function Filters({
  filters,
  onChange,
}: {
  filters: AttendanceState['filters'];
  onChange: (filters: AttendanceState['filters']) => void;
}) {
  const { t } = useTranslation();
  const organisers = useQuery(peopleQuery('editor'));
  const locations = useQuery(locationChoicesQuery());
  const groups = useQuery(groupChoicesQuery());
  const set = (name: AttendanceFilter) => (value: number | undefined) => onChange({ ...filters, [name]: value });
  return (
    <>
      <WithChoices label={t('common.organiser')} query={organisers} texts={choiceTexts}>
        {(data) => (
          <FilterSelect
            label={t('common.organiser')}
            emptyLabel={t('calendar.anyOrganiser')}
            value={filters.organiserId}
            options={data.items.map((person) => ({ value: person.id, label: fullName(person) }))}
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
      <WithChoices label={t('items.Group')} query={groups} texts={choiceTexts}>
        {(data) => (
          <FilterSelect
            label={t('items.Group')}
            emptyLabel={t('attendance.anyGroup')}
            value={filters.groupId}
            options={data.items.map((group) => ({ value: group.id, label: group.name }))}
            onChange={set('groupId')}
          />
        )}
      </WithChoices>
    </>
  );
}

/** A rate as shown: a percentage, or a quiet dash (read out) when nobody was expected. */
function Rate({ rate }: { rate: number | null }) {
  const { t, i18n } = useTranslation();
  if (rate === null) {
    return (
      <span className="text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('attendance.noRate')}</span>
      </span>
    );
  }
  return <span className="font-semibold text-slate-900">{formatRate(rate, i18n.language)}</span>;
}

/** The range's totals: the rate, the sessions and each mark's count. */
function Totals({ totals }: { totals: AttendanceCounts }) {
  const { t } = useTranslation();
  const items: [string, ReactNode][] = [
    [t('attendance.rate'), <Rate key="rate" rate={totals.rate} />],
    [t('attendance.sessions'), totals.sessions],
    ...COUNTS.map((key): [string, ReactNode] => [t(`attendance.statuses.${key}`), totals[key]]),
  ];
  return (
    <section aria-labelledby="attendance-totals" className={`${cardClass} px-4 py-4 sm:px-6`}>
      <h2 id="attendance-totals" className="text-base font-semibold text-slate-900">
        {t('attendance.totals')}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-9" data-testid="attendance-totals">
        {items.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="truncate text-xs text-slate-500" title={term}>
              {term}
            </dt>
            <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-500">{t('attendance.rateHint')}</p>
    </section>
  );
}

/**
 * The numbers' columns: narrow, their headers ('Late cancelled', 'Geç iptal etti') on two lines if
 * need be, so the name and all nine numbers fit beside the sidebar at 1280 px without scrolling.
 */
const countClass = 'text-right tabular-nums whitespace-normal! px-1.5! tracking-normal!';

/** The table's columns: the group's name (a guest's opens their history), then the counts and the rate. */
function useColumns(state: AttendanceState, openHistory: (row: SummaryRow) => string): Column<SummaryRow>[] {
  const { t, i18n } = useTranslation();
  const linkClass =
    'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600';
  const name = (row: SummaryRow) =>
    state.groupBy === 'month' ? monthLabel(String(row.key.id), i18n.language) : row.key.name;
  return [
    {
      key: 'name',
      header: t(GROUP_HEADERS[state.groupBy]),
      sortable: true,
      className: 'whitespace-normal! min-w-32',
      cell: (row) =>
        state.groupBy === 'guest' ? (
          <Link
            to={openHistory(row)}
            className={linkClass}
            aria-label={t('attendance.historyLink', { guest: row.key.name })}
          >
            {row.key.name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{name(row)}</span>
        ),
    },
    {
      key: 'rate',
      header: t('attendance.rate'),
      sortable: true,
      className: countClass,
      cell: (row) => <Rate rate={row.rate} />,
    },
    {
      key: 'sessions',
      header: t('attendance.sessions'),
      sortable: true,
      className: countClass,
      cell: (row) => row.sessions,
    },
    ...COUNTS.map((key): Column<SummaryRow> => ({
      key,
      header: t(`attendance.statuses.${key}`),
      sortable: true,
      className: countClass,
      cell: (row) => row[key],
    })),
  ];
}

/**
 * Attendance (`/attendance`, admins and editors; issue 23): over a range (this month unless the URL
 * says otherwise), the marks grouped by guest, organiser, event or month, narrowed by organiser,
 * location or group (admins; editors see their own sessions), with the totals, a chart of the
 * months and a sortable table; 'Export CSV' downloads the same summary. A guest's row opens their
 * history: the same screen for that guest, by month.
 */
export function AttendancePage() {
  const { t, i18n } = useTranslation();
  const { user, role } = useSession();
  const zone = user?.timezone ?? DEFAULT_TIMEZONE;
  const admin = isAdmin(role);
  const { state, change } = useAttendanceState(zone);
  const groupId = useId();

  const problem = rangeProblem(state.from, state.to);
  const params = summaryParams(state, zone);
  const summary = useQuery({ ...attendanceSummaryQuery(params), enabled: !problem });
  const monthly = useQuery({ ...attendanceSummaryQuery(summaryParams(state, zone, 'month')), enabled: !problem });
  const exportCsv = useMutation({
    mutationFn: () => downloadAttendanceCsv(params),
    onError: (error) => toast.error(t('occurrences.exportFailed', { error: errorMessage(error) })),
  });

  const historyOf = (row: SummaryRow) =>
    `?${writeState(
      {
        ...state,
        groupBy: 'month',
        guest: { id: Number(row.key.id), name: row.key.name },
        sort: 'name',
        descending: false,
      },
      zone,
    ).toString()}`;
  const columns = useColumns(state, historyOf);
  const rows = summary.data ? sortRows(summary.data.rows, state.sort, state.descending, i18n.language) : [];
  const onSort = (key: string) =>
    change({ sort: key as SortKey, descending: key === state.sort ? !state.descending : key !== 'name' });

  let body: ReactNode;
  if (problem) {
    body = (
      <p role="alert" className="px-4 py-10 text-center text-sm text-red-700">
        {translateMessage(problem)}
      </p>
    );
  } else if (summary.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 px-4 py-16 text-sm text-slate-500">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  } else if (summary.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 px-4 py-10 text-center">
        <p role="alert" className="text-sm text-red-700">
          {t('attendance.loadFailed', { error: errorMessage(summary.error) })}
        </p>
        <button type="button" className={buttonClass.secondary} onClick={() => void summary.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="flex flex-col items-center px-4 py-16 text-center" data-testid="attendance-empty">
        <InboxIcon className="size-10 text-slate-300" />
        <p className="mt-3 text-sm font-semibold text-slate-900">{t('attendance.empty')}</p>
      </div>
    );
  } else {
    body = (
      <DataTable
        caption={t('nav.attendance')}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.key.id)}
        rowLabel={(row) => row.key.name}
        busy={summary.isFetching}
        sort={{ key: state.sort, descending: state.descending, onSort }}
      />
    );
  }

  const title = state.guest ? t('attendance.history', { guest: state.guest.name }) : t('nav.attendance');
  return (
    <div className="space-y-6">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('attendance.description')}</p>
          {state.guest && (
            <Link
              to={`?${writeState({ ...state, guest: undefined, groupBy: 'guest' }, zone).toString()}`}
              className="mt-2 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {t('attendance.allGuests')}
            </Link>
          )}
        </div>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={Boolean(problem) || exportCsv.isPending}
          aria-busy={exportCsv.isPending || undefined}
          onClick={() => exportCsv.mutate()}
        >
          {exportCsv.isPending && <Spinner />}
          {t('occurrences.exportCsv')}
        </button>
      </div>

      <fieldset
        className={`${cardClass} grid gap-4 px-4 py-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4`}
        data-testid="attendance-controls"
      >
        <legend className="sr-only">{t('calendar.filters')}</legend>
        <div className="sm:col-span-2 lg:col-span-4">
          <RangeControls state={state} zone={zone} onChange={(range) => change(range)} />
        </div>
        <div>
          <label htmlFor={groupId} className="block text-sm font-medium text-slate-900">
            {t('attendance.groupBy')}
          </label>
          <select
            id={groupId}
            value={state.groupBy}
            onChange={(event) =>
              change({ groupBy: event.target.value as AttendanceGroup, sort: 'name', descending: false })
            }
            className={`${inputClass} mt-2 pr-8`}
          >
            {(['guest', 'organiser', 'event', 'month'] as const).map((group) => (
              <option key={group} value={group}>
                {t(`attendance.groupings.${group}`)}
              </option>
            ))}
          </select>
        </div>
        {admin && <Filters filters={state.filters} onChange={(filters) => change({ filters })} />}
      </fieldset>

      {summary.data && !problem && <Totals totals={summary.data.totals} />}

      {monthly.data && !problem && monthly.data.totals.sessions > 0 && (
        <section aria-labelledby="attendance-chart" className={`${cardClass} px-2 py-4 sm:px-6`}>
          <h2 id="attendance-chart" className="px-2 text-base font-semibold text-slate-900 sm:px-0">
            {t('attendance.chartTitle')}
          </h2>
          <p className="px-2 text-sm text-slate-600 sm:px-0">{t('attendance.chartDescription')}</p>
          <div className="mt-3" data-testid="attendance-chart">
            <Suspense
              fallback={
                <p role="status" className="flex h-[300px] items-center justify-center gap-2 text-sm text-slate-500">
                  <Spinner />
                  {t('attendance.chartLoading')}
                </p>
              }
            >
              <AttendanceChart rows={monthly.data.rows} from={state.from} to={state.to} />
            </Suspense>
          </div>
        </section>
      )}

      <div className={`${cardClass} overflow-hidden`}>{body}</div>
    </div>
  );
}
