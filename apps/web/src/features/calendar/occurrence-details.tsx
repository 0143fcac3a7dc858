import { TitledDialog } from '../../components/titled-dialog';
import { errorMessage } from '../../api/errors';
import { SESSION_NOTES_FORM_ID, type EventOccurrence, type SessionRole } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../components/toast';
import { formQuery } from '../../api/forms';
import { occurrenceQuery, useDeleteOccurrence } from '../../api/occurrences';
import { useSession } from '../../auth/session-store';
import { AttendanceBadge, RsvpBadge } from '../../entities/occurrence/attendance-badge';
import { useConfirmRestore } from '../../entities/occurrence/restore-occurrence';
import { OccurrenceLine } from '../../entities/occurrence/occurrence-line';
import { CoverLine } from '../../entities/occurrence/cover-line';
import { confirmAction } from '../../components/confirm';
import { MakeupBadge } from '../../entities/occurrence/makeup-badge';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { Widget } from '../../lib/widgets';
import { buttonClass } from '../../components/ui';
import { shownFormTitle } from '../../lib/form-title';
import { canTakeAttendance } from '../../entities/occurrence/attendance';
import { isWebLink } from '../../lib/links';
import { fullName } from '../../lib/names';
import { fillTargets } from '../../entities/occurrence/rows';
import { dateTimeIn, timeIn } from '../../lib/wall-clock';

const linkClass =
  'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A session's start and end in `zone`: dd/MM/yyyy HH:mm–HH:mm. */
export const occurrenceTime = (occurrence: Pick<EventOccurrence, 'occurrenceDate' | 'endDate'>, zone: string) =>
  `${dateTimeIn(occurrence.occurrenceDate, zone)}–${timeIn(occurrence.endDate, zone)}`;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

function DetailsBody({
  occurrence,
  zone,
  canFill,
  admin,
}: {
  occurrence: EventOccurrence;
  zone: string;
  canFill: boolean;
  admin: boolean;
}) {
  const { t } = useTranslation();
  const sessionNotes = useQuery({ ...formQuery(SESSION_NOTES_FORM_ID), enabled: canFill, staleTime: Infinity });
  const formTitle = shownFormTitle(sessionNotes.data, t);
  // A cancelled session has nothing to join.
  const link = occurrence.status === 'cancelled' ? null : occurrence.event.conferenceLink?.trim() || null;
  const targets = canFill ? fillTargets(occurrence) : [];
  return (
    <>
      <dl className="divide-y divide-slate-100" data-testid="calendar-details-list">
        <Detail label={t('calendar.details.time')}>
          <span className="tabular-nums">{occurrenceTime(occurrence, zone)}</span>{' '}
          <span className="text-slate-500">({zone})</span>
        </Detail>
        <Detail label={t('common.place')}>{occurrence.event.location.name}</Detail>
        <Detail label={t('common.organiser')}>
          {fullName(occurrence.event.organiser)}
          <CoverLine cover={occurrence.cover} className="block" />
        </Detail>
        <Detail label={t('common.guests')}>
          {occurrence.guests.length === 0 ? (
            <span className="text-slate-500">{t('calendar.details.noGuests')}</span>
          ) : (
            <ul>
              {occurrence.guests.map((guest) => (
                <li key={guest.id}>
                  {fullName(guest)}
                  <RsvpBadge response={guest.rsvp} />
                  <AttendanceBadge status={guest.attendance} />
                  <Widget name="BookMakeup" occurrence={occurrence} guest={guest} />
                </li>
              ))}
            </ul>
          )}
        </Detail>
        <Detail label={t('calendar.details.conferenceLink')}>
          {link === null ? (
            <span className="text-slate-500">{t('common.none')}</span>
          ) : isWebLink(link) ? (
            <a href={link} target="_blank" rel="noopener noreferrer" className={`${linkClass} break-all`}>
              {link}
            </a>
          ) : (
            link
          )}
        </Detail>
        <Detail label={t('common.status')}>
          <StatusBadge status={occurrence.status}>{t(`occurrences.statuses.${occurrence.status}`)}</StatusBadge>
        </Detail>
        {occurrence.makeupOf && (
          <Detail label={t('makeup.badge')}>
            <span data-testid="calendar-details-makeup">
              {t('makeup.forGuest', {
                guest: fullName(
                  occurrence.guests.find((guest) => guest.id === occurrence.makeupOf?.guestId) ?? {
                    name: null,
                    surname: null,
                  },
                ),
              })}
            </span>
            <MakeupBadge makeupOf={occurrence.makeupOf} />
          </Detail>
        )}
        {occurrence.cancellation && (
          <Detail label={t('cancellation.reasonLabel')}>
            <span data-testid="calendar-details-cancellation">{occurrence.cancellation.reason}</span>
          </Detail>
        )}
      </dl>
      {admin && occurrence.status !== 'cancelled' && occurrence.status !== 'completed' && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <Widget name="FindCover" occurrence={occurrence} />
        </div>
      )}
      {targets.length > 0 && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('calendar.details.fillForms')}</h3>
          <ul className="mt-2 space-y-1">
            {targets.map((target) => (
              <li key={target.guestId}>
                <Link to={target.to} className={`${linkClass} text-sm`}>
                  {t('common.fill', { form: formTitle, guest: target.guestName })}
                </Link>
                {target.filled && (
                  <span className="ml-1 text-sm text-slate-500">{t('calendar.details.filledMark')}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/**
 * A session's details (GET /api/event-occurrences/{id}): title, time in the viewer's zone, place,
 * organiser, guests (each with their attendance), conference link, status and a cancelled one's
 * reason. Admins get Cancel session (or Restore), Edit and Delete; admins and the organiser the Fill Form links per guest, until the session is completed,
 * and 'Take attendance', which turns the dialog into the marking and back once saved.
 */
export function OccurrenceDetails({
  occurrenceId,
  zone,
  role,
  onClose,
}: {
  occurrenceId: number | null;
  zone: string;
  role: SessionRole;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useQuery({ ...occurrenceQuery(occurrenceId ?? 0), enabled: occurrenceId !== null });
  // The session being marked; another session opened later starts on its details.
  const [markingId, setMarkingId] = useState<number | null>(null);
  // The session being cancelled: the dialog asks for the reason in place of the details.
  const [cancellingId, setCancellingId] = useState<number | null>(null);
  const remove = useDeleteOccurrence();
  const restore = useConfirmRestore();
  const occurrence = occurrenceId !== null && query.data?.id === occurrenceId ? query.data : undefined;
  const admin = role === 'admin';
  // A completed session is final: nothing to edit, delete or fill any more.
  const changeable = occurrence !== undefined && occurrence.status !== 'completed';
  const canMark = occurrence !== undefined && occurrence.guests.length > 0 && canTakeAttendance(occurrence, user);
  const marking = canMark && markingId === occurrence.id;

  const deleteOccurrence = (session: EventOccurrence) => {
    if (
      !confirmAction(
        t('calendar.details.confirmDelete', { title: session.event.title, time: occurrenceTime(session, zone) }),
      )
    )
      return;
    remove.mutate(session.id, {
      onSuccess: () => {
        toast.success(t('calendar.details.deleted'));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, t('calendar.details.deleteFailed'))),
    });
  };

  if (admin && changeable && cancellingId === occurrence.id) {
    return <Widget name="CancelOccurrenceDialog" occurrence={occurrence} onClose={() => setCancellingId(null)} />;
  }

  if (marking) {
    return (
      <TitledDialog
        open
        onClose={onClose}
        title={t('attendance.dialogTitle', { title: occurrence.event.title })}
        testId="calendar-details"
      >
        <OccurrenceLine occurrence={occurrence} />
        <Widget
          name="AttendanceMarking"
          key={occurrence.id}
          occurrence={occurrence}
          onSaved={() => setMarkingId(null)}
          onCancel={() => setMarkingId(null)}
        />
      </TitledDialog>
    );
  }

  return (
    <TitledDialog
      open={occurrenceId !== null}
      onClose={onClose}
      title={occurrence?.event.title ?? t('calendar.details.loading')}
      testId="calendar-details"
      footer={
        occurrence && (canMark || (admin && changeable)) ? (
          <>
            {canMark && (
              <button
                type="button"
                className={`${buttonClass.secondary} sm:mr-auto`}
                onClick={() => setMarkingId(occurrence.id)}
              >
                {t('attendance.take')}
              </button>
            )}
            {admin && changeable && (
              <>
                {occurrence.status === 'cancelled' ? (
                  <button type="button" className={buttonClass.secondary} onClick={() => restore(occurrence)}>
                    {t('common.restore')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setCancellingId(occurrence.id)}
                  >
                    {t('cancellation.cancel')}
                  </button>
                )}
                <button
                  type="button"
                  className={buttonClass.danger}
                  disabled={remove.isPending}
                  onClick={() => deleteOccurrence(occurrence)}
                >
                  {remove.isPending && <Spinner />}
                  {t('common.delete')}
                </button>
                <Link to={`/event-occurrences/${occurrence.id}/edit`} className={buttonClass.primary}>
                  {t('common.edit')}
                </Link>
              </>
            )}
          </>
        ) : undefined
      }
    >
      {occurrence ? (
        <DetailsBody
          occurrence={occurrence}
          zone={zone}
          canFill={changeable && (admin || role === 'editor')}
          admin={admin}
        />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('calendar.details.loadFailed', { error: errorMessage(query.error) })}
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner />
          {t('calendar.details.loading')}
        </p>
      )}
    </TitledDialog>
  );
}
