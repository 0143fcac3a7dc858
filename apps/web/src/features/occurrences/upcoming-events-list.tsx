import { SESSION_NOTES_FORM_ID, type EventOccurrence } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formQuery } from '../../api/forms';
import { useSession } from '../../auth/session-store';
import type { RowAction } from '../../components/row-menu';
import { Widget } from '../../lib/widgets';
import { shownFormTitle } from '../../lib/form-title';
import { canTakeAttendance } from '../../entities/occurrence/attendance';
import { ScheduleActions } from './day-actions';
import { fillTargets, isTodayOrLater } from './occurrence-values';
import {
  OccurrencesTable,
  useCancellationActions,
  useDeleteAction,
  useEditSeriesAction,
  useOccurrencesDay,
} from './occurrences-table';

/**
 * Upcoming Events (docs/product.md §2): a day's occurrences for every role (the server keeps each to their
 * own), with the notes and each guest's attendance. Admins and editors fill the session notes
 * from the row menu, and admins and the session's organiser take its attendance there; admins also
 * edit and delete, and approve the day's schedule or send its reminders.
 */
export function UpcomingEventsList() {
  const { t } = useTranslation();
  const { role, admin, zone, day, setDay } = useOccurrencesDay();
  const { user } = useSession();
  const [marking, setMarking] = useState<number | null>(null);
  const [covering, setCovering] = useState<EventOccurrence | null>(null);
  const deleteAction = useDeleteAction('occurrences.upcomingItem');
  const editSeries = useEditSeriesAction();
  const cancellation = useCancellationActions();

  // The Fill items are the admin's and the editor's; they name form 1.
  const canFill = admin || role === 'editor';
  const sessionNotes = useQuery({ ...formQuery(SESSION_NOTES_FORM_ID), enabled: canFill, staleTime: Infinity });
  const formTitle = shownFormTitle(sessionNotes.data, t);

  const rowActions = (row: EventOccurrence): RowAction[] => {
    const actions: RowAction[] =
      canTakeAttendance(row, user) && row.guests.length > 0
        ? [{ label: t('attendance.take'), onSelect: () => setMarking(row.id) }]
        : [];
    if (canFill)
      actions.push(
        ...fillTargets(row).map((target) => ({
          label: `${t('common.fill', { form: formTitle, guest: target.guestName })}${
            target.filled ? ` ${t('occurrences.filledMark')}` : ''
          }`,
          to: target.to,
        })),
      );
    if (admin) {
      if (row.status !== 'completed') {
        actions.push({ label: t('common.edit'), to: `/event-occurrences/${row.id}/edit` });
      }
      actions.push(...editSeries(row));
      // Find cover, or Give back a covered one (docs/domain.md#cover): not once cancelled or completed.
      if (row.status !== 'completed' && row.status !== 'cancelled') {
        actions.push({ label: t(row.cover ? 'cover.giveBack' : 'cover.findCover'), onSelect: () => setCovering(row) });
      }
      actions.push(...cancellation.actions(row));
      actions.push(deleteAction(row));
    }
    return actions;
  };

  return (
    <>
      <OccurrencesTable
        title={t('nav.upcomingEvents')}
        description={t('occurrences.upcomingDescription')}
        emptyText={t('occurrences.emptyDay')}
        day={day}
        zone={zone}
        onDayChange={setDay}
        period="day"
        withNotes
        rowActions={canFill || admin ? rowActions : undefined}
        footer={admin && isTodayOrLater(day, zone) ? <ScheduleActions day={day} zone={zone} /> : null}
      />
      <Widget name="TakeAttendanceDialog" occurrenceId={marking} onClose={() => setMarking(null)} />
      <Widget name="FindCoverDialog" occurrence={covering} onClose={() => setCovering(null)} />
      {cancellation.dialog}
    </>
  );
}
