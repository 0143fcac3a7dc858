import { SESSION_NOTES_FORM_ID, type EventOccurrence } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formQuery } from '../../api/forms';
import { toFillQuery } from '../../api/occurrences';
import { useSession } from '../../auth/session-store';
import { MakeupBadge } from '../../entities/occurrence/makeup-badge';
import { GuestsWithMarks } from '../../entities/occurrence/attendance-badge';
import { Loaded } from '../../components/loaded';
import { Panel } from '../../components/panel';
import { buttonClass } from '../../components/ui';
import { shownFormTitle } from '../../lib/form-title';
import { canTakeAttendance } from '../../entities/occurrence/attendance';
import { CoverLine } from '../../entities/occurrence/cover-line';
import { organiserZone } from '../../entities/occurrence/rows';
import { dateTimeIn } from '../../lib/wall-clock';
import { Widget } from '../../lib/widgets';
import { formsToFill } from './home-values';

/** How far back Home looks for sessions still to complete. */
const TO_FILL_DAYS = 7;
/** How many of them Home lists; the count says how many there are. */
const TO_FILL_ROWS = 10;

const linkClass =
  'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** One session still to complete: when, what, its guests' marks, and the ways to complete it. */
function ToFillRow({
  occurrence,
  formTitle,
  onMark,
}: {
  occurrence: EventOccurrence;
  formTitle: string;
  onMark: (() => void) | null;
}) {
  const { t } = useTranslation();
  const unmarked = occurrence.guests.filter((guest) => !guest.attendance).length;
  const notes = formsToFill(occurrence, SESSION_NOTES_FORM_ID);
  return (
    <li className="px-4 py-4 sm:px-6" data-testid="home-to-fill-row">
      <p className="text-sm font-medium break-words text-slate-900">
        <span className="tabular-nums">{dateTimeIn(occurrence.occurrenceDate, organiserZone(occurrence))}</span> ·{' '}
        {occurrence.event.title}
        <MakeupBadge makeupOf={occurrence.makeupOf} />
      </p>
      <CoverLine cover={occurrence.cover} className="block" />
      <div className="mt-1">
        <GuestsWithMarks guests={occurrence.guests} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {unmarked > 0 && <span className="text-slate-600">{t('attendance.toFillUnmarked', { count: unmarked })}</span>}
        {unmarked > 0 && onMark && (
          <button type="button" className={`${buttonClass.secondary} min-h-11 sm:min-h-0`} onClick={onMark}>
            {t('attendance.take')}
          </button>
        )}
        {notes.map((target) => (
          <Link key={target.guestId} to={target.to} className={linkClass}>
            {t('common.fill', { form: formTitle, guest: target.guestName })}
          </Link>
        ))}
      </div>
    </li>
  );
}

/**
 * Admins and organisers: the sessions of the last week still to complete (a guest not marked, or
 * without session notes; GET /api/event-occurrences/to-fill, which keeps organisers to theirs),
 * each with the marking and the Fill Form links. Quiet once everything is in.
 */
export function ToFill() {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useQuery(toFillQuery(TO_FILL_DAYS, TO_FILL_ROWS));
  const sessionNotes = useQuery({ ...formQuery(SESSION_NOTES_FORM_ID), staleTime: Infinity, retry: false });
  const formTitle = shownFormTitle(sessionNotes.data, t);
  const [marking, setMarking] = useState<number | null>(null);
  const total = query.data?.totalCount;
  return (
    <Panel
      id="home-to-fill"
      title={t('attendance.toFillTitle')}
      subtitle={
        <>
          {total !== undefined && total > 0 && (
            <p className="font-medium text-slate-900" data-testid="home-to-fill-count">
              {t('attendance.toFillCount', { count: total })}
            </p>
          )}
          <p>{t('attendance.toFillDays', { count: TO_FILL_DAYS })}</p>
        </>
      }
    >
      <Loaded query={query}>
        {({ eventOccurrences, totalCount }) =>
          eventOccurrences.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600 sm:px-6" data-testid="home-to-fill-empty">
              {t('attendance.allCaughtUp')}
            </p>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {eventOccurrences.map((occurrence) => (
                  <ToFillRow
                    key={occurrence.id}
                    occurrence={occurrence}
                    formTitle={formTitle}
                    onMark={canTakeAttendance(occurrence, user) ? () => setMarking(occurrence.id) : null}
                  />
                ))}
              </ul>
              {totalCount > eventOccurrences.length && (
                <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-6">
                  {t('home.moreToday', { shown: eventOccurrences.length, total: totalCount })}
                </p>
              )}
            </>
          )
        }
      </Loaded>
      {marking !== null && (
        <Widget name="TakeAttendanceDialog" occurrenceId={marking} onClose={() => setMarking(null)} />
      )}
    </Panel>
  );
}
