import {
  DEFAULT_TIMEZONE,
  SESSION_NOTES_FORM_ID,
  type BulkActionResult,
  messagingMessages,
  occurrenceMessages,
  type EventOccurrence,
} from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isAdmin } from '../../auth/roles';
import { ApiError } from '../../api/errors';
import { useSession } from '../../auth/session-store';
import { confirmAction } from '../../components/confirm';
import type { Column } from '../../components/data-table';
import { failureMessage } from '../../components/entity-form';
import { Spinner } from '../../components/spinner';
import { ListPage, type ListQuery } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { buttonClass } from '../../components/ui';
import { useDeleteItem } from '../../components/use-delete-item';
import { translateMessage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { formQuery } from '../forms/api';
import { DayPicker, useDayParam } from './day-picker';
import {
  type DayAction,
  deleteOccurrence,
  downloadReport,
  occurrenceKeys,
  occurrenceListQuery,
  useScheduleAction,
  useSendReport,
} from './api';
import {
  fillTargets,
  formatDay,
  fullName,
  guestNames,
  isTodayOrLater,
  monthName,
  notesLines,
  organiserZone,
  reportFileName,
  reportForms,
} from './occurrence-values';

const statusClass: Record<EventOccurrence['status'], string> = {
  scheduled: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  approved: 'bg-green-50 text-green-700 ring-green-600/20',
  completed: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
};

/**
 * Why an action failed (spec §8): the server's refusal in its own words; anything else thrown (the
 * network, a server fault) after the action's prefix, such as 'Error sending reminders:'.
 */
function actionFailure(error: Error, prefix: string, fallback: string): string {
  if (error instanceof ApiError && error.status < 500) return failureMessage(error, fallback);
  return `${translateMessage(prefix)} ${failureMessage(error, fallback)}`;
}

/** An action's answer as a toast: the server's message, green, or red with its reason, else the default. */
function toastResult(result: BulkActionResult, fallback: string) {
  if (result.success) toast.success(translateMessage(result.message));
  else toast.error(result.message ? translateMessage(result.message) : fallback);
}

/**
 * One bulk action on the chosen day (or its month) behind a confirmation (spec §5): the server's
 * message as a green toast, or a red one with its reason, else the action's default (spec §8).
 */
function DayActionButton({
  action,
  day,
  zone,
  label,
  confirmText,
  fallback,
  errorPrefix,
  primary = false,
}: {
  action: DayAction;
  day: string;
  zone: string;
  label: string;
  confirmText: string;
  fallback: string;
  /** What a thrown failure starts with (spec §8). */
  errorPrefix: string;
  primary?: boolean;
}) {
  const mutation = useScheduleAction(action);
  const run = () => {
    if (!confirmAction(confirmText)) return;
    mutation.mutate(
      { listDate: day, timezone: zone },
      {
        onSuccess: (result) => toastResult(result, fallback),
        onError: (error) => toast.error(actionFailure(error, errorPrefix, fallback)),
      },
    );
  };
  return (
    <button
      type="button"
      className={primary ? buttonClass.primary : buttonClass.secondary}
      disabled={mutation.isPending}
      onClick={run}
    >
      {mutation.isPending && <Spinner />}
      {label}
    </button>
  );
}

const actionsClass = 'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end';

/** Unapprove / Approve Schedule and Send Reminders for the chosen day (admins, today or later; spec §2). */
function ScheduleActions({ day, zone }: { day: string; zone: string }) {
  const { t } = useTranslation();
  const shown = formatDay(day);
  return (
    <section aria-label={t('occurrences.scheduleActions')} className={actionsClass}>
      <DayActionButton
        action="unapproveSchedule"
        day={day}
        zone={zone}
        label={t('occurrences.unapprove')}
        confirmText={t('occurrences.confirmUnapprove', { day: shown })}
        fallback={translateMessage(occurrenceMessages.unapproveFailed)}
        errorPrefix={occurrenceMessages.unapproveError}
      />
      <DayActionButton
        action="approveSchedule"
        day={day}
        zone={zone}
        label={t('occurrences.approve')}
        confirmText={t('occurrences.confirmApprove', { day: shown })}
        fallback={translateMessage(occurrenceMessages.approveFailed)}
        errorPrefix={occurrenceMessages.approveError}
        primary
      />
      <DayActionButton
        action="sendReminders"
        day={day}
        zone={zone}
        label={t('messaging.sendReminders')}
        confirmText={t('messaging.confirmReminders', { day: shown })}
        fallback={translateMessage(messagingMessages.remindersFailed)}
        errorPrefix={messagingMessages.reminderError}
      />
    </section>
  );
}

/** Event Occurrences' 'Send Reports to Guests' (admins): every report of the chosen day. */
function ReportActions({ day, zone }: { day: string; zone: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('messaging.reportActions')} className={actionsClass}>
      <DayActionButton
        action="sendReports"
        day={day}
        zone={zone}
        label={t('messaging.sendReportsToGuests')}
        confirmText={t('messaging.confirmReports', { day: formatDay(day) })}
        fallback={translateMessage(messagingMessages.reportsFailed)}
        errorPrefix={messagingMessages.reportsError}
        primary
      />
    </section>
  );
}

/** Monthly Report's 'Send Monthly Reports' (admins): each guest's month of the chosen day. */
function MonthlyActions({ day, zone, month }: { day: string; zone: string; month: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('messaging.monthlyActions')} className={actionsClass}>
      <DayActionButton
        action="sendMonthlyReports"
        day={day}
        zone={zone}
        label={t('messaging.sendMonthlyReports')}
        confirmText={t('messaging.confirmMonthly', { month })}
        fallback={translateMessage(messagingMessages.monthlyFailed)}
        errorPrefix={messagingMessages.monthlyError}
        primary
      />
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

  const send = useSendReport();
  const generateReport = (row: EventOccurrence, formId: number) => {
    downloadReport(formId, row.id, reportFileName(row)).then(
      () => toast.success(translateMessage(messagingMessages.generated)),
      (error: unknown) =>
        toast.error(
          `${translateMessage(messagingMessages.generateError)} ${failureMessage(error, t('errors.unknown'))}`,
        ),
    );
  };
  const sendReport = (row: EventOccurrence, form: { id: number; title: string }) => {
    if (!confirmAction(t('messaging.confirmSendReport', { form: form.title }))) return;
    const fallback = translateMessage(messagingMessages.reportFailed);
    send.mutate(
      { eventOccurrenceId: row.id, formId: form.id },
      {
        onSuccess: (result) => toastResult(result, fallback),
        onError: (error) => toast.error(actionFailure(error, messagingMessages.reportError, fallback)),
      },
    );
  };

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
      if (variant === 'all') {
        // Per form with answers on this occurrence (spec §2): download its report, or send it.
        for (const form of reportForms(row)) {
          actions.push(
            {
              label: t('messaging.generateReport', { form: form.title }),
              onSelect: () => generateReport(row, form.id),
            },
            { label: t('messaging.sendReport', { form: form.title }), onSelect: () => sendReport(row, form) },
          );
        }
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
        !admin ? null : variant === 'upcoming' ? (
          isTodayOrLater(day, zone) ? (
            <ScheduleActions day={day} zone={zone} />
          ) : null
        ) : variant === 'all' ? (
          <ReportActions day={day} zone={zone} />
        ) : (
          <MonthlyActions day={day} zone={zone} month={monthName(day, i18n.language)} />
        )
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
