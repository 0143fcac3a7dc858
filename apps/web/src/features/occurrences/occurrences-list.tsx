import { DEFAULT_TIMEZONE, SESSION_NOTES_FORM_ID, occurrenceMessages, type EventOccurrence } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isAdmin } from '../../auth/roles';
import { useSession } from '../../auth/session-store';
import { confirmAction } from '../../components/confirm';
import type { Column } from '../../components/data-table';
import { failureMessage } from '../../components/entity-form';
import { ChevronLeftIcon, ChevronRightIcon, Spinner } from '../../components/icons';
import { ListPage, type ListQuery } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { buttonClass, inputClass } from '../../components/ui';
import { useDeleteItem } from '../../components/use-delete-item';
import { translateMessage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { formQuery } from '../forms/api';
import { deleteOccurrence, occurrenceKeys, occurrenceListQuery, useScheduleAction } from './api';
import {
  fillTargets,
  formatDay,
  fullName,
  guestNames,
  isTodayOrLater,
  monthName,
  notesLines,
  organiserZone,
  parseDay,
  shiftDay,
  todayIn,
} from './occurrence-values';

const statusClass: Record<EventOccurrence['status'], string> = {
  scheduled: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  approved: 'bg-green-50 text-green-700 ring-green-600/20',
  completed: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
};

/**
 * The chosen day, kept in the URL as ?date= (today in the user's zone when there is none or it is
 * not a day); choosing another starts again at page 1, keeping the search.
 */
function useDayParam(zone: string): [string, (day: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const day = parseDay(searchParams.get('date')) ?? todayIn(zone);
  const setDay = useCallback(
    (next: string) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        params.set('date', next);
        params.delete('page');
        return params;
      }),
    [setSearchParams],
  );
  return [day, setDay];
}

/** The day (or, for the monthly report, the month) the list shows: a date input, a step either way, Today. */
function DayPicker({
  day,
  zone,
  unit,
  onChange,
}: {
  day: string;
  zone: string;
  unit: 'day' | 'month';
  onChange: (day: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const stepClass = `${buttonClass.secondary} px-2`;
  return (
    <div className="flex items-center gap-2 sm:shrink-0" data-testid="day-picker">
      <label htmlFor={id} className="sr-only">
        {t('occurrences.day')}
      </label>
      <button
        type="button"
        className={stepClass}
        aria-label={t(unit === 'day' ? 'occurrences.previousDay' : 'occurrences.previousMonth')}
        onClick={() => onChange(shiftDay(day, -1, unit))}
      >
        <ChevronLeftIcon className="size-4" />
      </button>
      <input
        id={id}
        type="date"
        value={day}
        required
        className={`${inputClass} min-w-0 flex-1 sm:w-40 sm:flex-none`}
        data-testid="day-input"
        // A cleared or half-typed date keeps the day shown until a whole one is entered.
        onChange={(event) => {
          const next = parseDay(event.target.value);
          if (next) onChange(next);
        }}
      />
      <button
        type="button"
        className={stepClass}
        aria-label={t(unit === 'day' ? 'occurrences.nextDay' : 'occurrences.nextMonth')}
        onClick={() => onChange(shiftDay(day, 1, unit))}
      >
        <ChevronRightIcon className="size-4" />
      </button>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={day === todayIn(zone)}
        onClick={() => onChange(todayIn(zone))}
      >
        {t('occurrences.today')}
      </button>
    </div>
  );
}

/** Approve Schedule / Unapprove Schedule for the chosen day (admins, today or later; spec §2, §8). */
function ScheduleActions({ day, zone }: { day: string; zone: string }) {
  const { t } = useTranslation();
  const approve = useScheduleAction('approveSchedule');
  const unapprove = useScheduleAction('unapproveSchedule');
  const busy = approve.isPending || unapprove.isPending;

  const run = (mutation: typeof approve, confirmText: string, fallback: string) => {
    if (!confirmAction(confirmText)) return;
    mutation.mutate(
      { listDate: day, timezone: zone },
      {
        onSuccess: (result) => {
          if (result.success) toast.success(translateMessage(result.message));
          else toast.error(result.message ? translateMessage(result.message) : fallback);
        },
        onError: (error) => toast.error(failureMessage(error, fallback)),
      },
    );
  };

  return (
    <section
      aria-label={t('occurrences.scheduleActions')}
      className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
    >
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={busy}
        onClick={() =>
          run(
            unapprove,
            t('occurrences.confirmUnapprove', { day: formatDay(day) }),
            translateMessage(occurrenceMessages.unapproveFailed),
          )
        }
      >
        {unapprove.isPending && <Spinner />}
        {t('occurrences.unapprove')}
      </button>
      <button
        type="button"
        className={buttonClass.primary}
        disabled={busy}
        onClick={() =>
          run(
            approve,
            t('occurrences.confirmApprove', { day: formatDay(day) }),
            translateMessage(occurrenceMessages.approveFailed),
          )
        }
      >
        {approve.isPending && <Spinner />}
        {t('occurrences.approve')}
      </button>
    </section>
  );
}

/** Which of the three lists: they share columns, the day picker and the row menu's Delete. */
type Variant = 'upcoming' | 'all' | 'monthly';

const variantTexts = {
  upcoming: {
    title: 'occurrences.upcomingTitle',
    description: 'occurrences.upcomingDescription',
    empty: 'occurrences.emptyDay',
    deletedItem: 'occurrences.upcomingItem',
  },
  all: {
    title: 'occurrences.allTitle',
    description: 'occurrences.allDescription',
    empty: 'occurrences.emptyDay',
    deletedItem: 'occurrences.occurrenceItem',
  },
  monthly: {
    title: 'occurrences.monthlyTitle',
    description: 'occurrences.monthlyDescription',
    empty: 'occurrences.emptyMonth',
    deletedItem: 'occurrences.occurrenceItem',
  },
} as const;

function OccurrencesList({ variant }: { variant: Variant }) {
  const { t, i18n } = useTranslation();
  const { user, role } = useSession();
  const zone = user?.timezone ?? DEFAULT_TIMEZONE;
  const admin = isAdmin(role);
  const [day, setDay] = useDayParam(zone);
  const texts = variantTexts[variant];
  const monthly = variant === 'monthly';

  // The Fill items are the admin's and the editor's, on Upcoming Events only; they name form 1.
  const canFill = variant === 'upcoming' && (admin || role === 'editor');
  const sessionNotes = useQuery({ ...formQuery(SESSION_NOTES_FORM_ID), enabled: canFill, staleTime: Infinity });
  const formTitle = sessionNotes.data?.title ?? t('occurrences.sessionNotes');

  const deleteRow = useDeleteItem({
    remove: deleteOccurrence,
    invalidates: occurrenceKeys.all,
    name: () => t(texts.deletedItem),
  });

  const columns: Column<EventOccurrence>[] = [
    { key: 'id', header: t('occurrences.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    {
      key: 'title',
      header: t('occurrences.eventTitle'),
      cell: (row) => <span className="font-medium text-slate-900">{row.event.title}</span>,
      // Title, organiser, guests and notes may wrap, so the table fits beside the sidebar.
      className: 'whitespace-normal!',
    },
    {
      key: 'occurrenceDate',
      header: t('occurrences.occurrenceDate'),
      // In the organiser's zone: the time the session is set at, wherever the reader is.
      cell: (row) => formatDateTime(row.occurrenceDate, organiserZone(row)),
      className: 'tabular-nums',
    },
    {
      key: 'organiser',
      header: t('occurrences.organiser'),
      cell: (row) => fullName(row.event.organiser),
      className: 'whitespace-normal!',
    },
    {
      key: 'guests',
      header: t('occurrences.guests'),
      // A line breaks between names, never inside one.
      cell: (row) =>
        guestNames(row.guests).map((name, index) => (
          <Fragment key={index}>
            {index > 0 && ', '}
            <span className="whitespace-nowrap">{name}</span>
          </Fragment>
        )),
      className: 'whitespace-normal!',
    },
  ];
  if (variant !== 'all') {
    columns.push({
      key: 'notes',
      header: t('occurrences.notes'),
      cell: (row) => (
        <ul className="space-y-1">
          {notesLines(row.formSubmissions).map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ),
      className: 'min-w-40 max-w-md whitespace-normal!',
    });
  }
  columns.push({
    key: 'status',
    header: t('occurrences.status'),
    cell: (row) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${statusClass[row.status]}`}
      >
        {t(`occurrences.statuses.${row.status}`)}
      </span>
    ),
  });

  const rowActions = (row: EventOccurrence): RowAction[] => {
    const actions: RowAction[] = canFill
      ? fillTargets(row).map((target) => ({
          label: `${t('occurrences.fill', { form: formTitle, guest: target.guestName })}${
            target.filled ? ` ${t('occurrences.filledMark')}` : ''
          }`,
          to: target.to,
        }))
      : [];
    if (admin) {
      if (variant === 'upcoming' && row.status !== 'completed') {
        actions.push({ label: t('occurrences.edit'), to: `/event-occurrences/${row.id}/edit` });
      }
      actions.push({ label: t('occurrences.delete'), onSelect: () => deleteRow(row), tone: 'danger' });
    }
    return actions;
  };

  const query = (request: ListQuery) =>
    occurrenceListQuery({
      limit: request.limit,
      offset: request.offset,
      q: request.q,
      date: day,
      timezone: zone,
      monthly,
      light: true,
    });

  return (
    <ListPage
      title={t(texts.title)}
      description={t(texts.description)}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => `${row.event.title} ${formatDateTime(row.occurrenceDate, organiserZone(row))}`}
      rowActions={canFill || admin ? rowActions : undefined}
      emptyText={t(texts.empty)}
      toolbar={
        <>
          <DayPicker day={day} zone={zone} unit={monthly ? 'month' : 'day'} onChange={setDay} />
          {monthly && (
            <h2 className="flex h-9 items-center text-lg font-semibold text-slate-900" data-testid="report-month">
              {monthName(day, i18n.language)}
            </h2>
          )}
        </>
      }
      footer={
        variant === 'upcoming' && admin && isTodayOrLater(day, zone) ? <ScheduleActions day={day} zone={zone} /> : null
      }
    />
  );
}

/** Upcoming Events (spec §2): a day's occurrences for every role (the server keeps each to their own). */
export function UpcomingEventsList() {
  return <OccurrencesList variant="upcoming" />;
}

/** Event Occurrences (spec §2, admin): a day's occurrences, without the notes. */
export function EventOccurrencesList() {
  return <OccurrencesList variant="all" />;
}

/** Monthly Report (spec §2, admin): the occurrences of the chosen day's month, with the notes. */
export function MonthlyReportList() {
  return <OccurrencesList variant="monthly" />;
}
