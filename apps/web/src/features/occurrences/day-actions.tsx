import { messagingMessages, occurrenceMessages } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { toastFailure, toastResult } from '../../components/action-toasts';
import { confirmAction } from '../../components/confirm';
import { Spinner } from '../../components/spinner';
import { buttonClass } from '../../components/ui';
import { translateMessage } from '../../i18n';
import { formatDay } from '../../entities/occurrence/rows';
import { type DayAction, useScheduleAction } from '../../api/occurrences';

/**
 * One bulk action on the chosen day (or its month) behind a confirmation (docs/product.md §5): the server's
 * message as a green toast, or a red one with its reason, else the action's default (docs/product.md §8).
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
  /** What a thrown failure starts with (docs/product.md §8). */
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
        onError: (error) => toastFailure(error, errorPrefix, fallback),
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

/** Unapprove / Approve Schedule and Send Reminders for the chosen day (admins, today or later; docs/product.md §2). */
export function ScheduleActions({ day, zone }: { day: string; zone: string }) {
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
export function ReportActions({ day, zone }: { day: string; zone: string }) {
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
export function MonthlyActions({ day, zone, month }: { day: string; zone: string; month: string }) {
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
