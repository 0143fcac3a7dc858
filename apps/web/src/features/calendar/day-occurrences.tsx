import { TitledDialog } from '../../components/titled-dialog';
import { errorMessage } from '../../api/errors';
import type { SessionRole } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { buttonClass } from '../../components/ui';
import { formatDay } from '../../lib/dates';
import { timeIn } from '../../lib/wall-clock';
import { calendarQuery } from './api';
import { dayRangeIn, occurrenceInputs, type CalendarFilters } from './calendar-values';
import { OccurrenceDetails } from './occurrence-details';

/** Rows drawn at once; 'Show more' adds as many (a busy day holds hundreds). */
const PAGE = 50;

/** The day's sessions, read when the dialog opens, PAGE at a time; each opens its details on top. */
function DayList({
  date,
  zone,
  filters,
  role,
}: {
  date: string;
  zone: string;
  filters: CalendarFilters;
  role: SessionRole;
}) {
  const { t } = useTranslation();
  // The whole day, uncut (a few hundred sessions at most), and never another day's meanwhile.
  const query = useQuery({ ...calendarQuery({ ...dayRangeIn(date, zone), ...filters }), placeholderData: undefined });
  const sessions = useMemo(() => (query.data ? occurrenceInputs(query.data, { canMove: false }) : []), [query.data]);
  const [shown, setShown] = useState(PAGE);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('calendar.day.loadFailed', { error: errorMessage(query.error) })}
      </p>
    );
  }
  if (!query.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner />
        {t('calendar.day.loading')}
      </p>
    );
  }
  if (sessions.length === 0) return <p className="text-sm text-slate-500">{t('calendar.day.empty')}</p>;
  const remaining = sessions.length - shown;
  return (
    <>
      <p className="text-sm text-slate-600" data-testid="calendar-day-count">
        {t('calendar.day.count', { count: sessions.length })}
      </p>
      {/* Scrolls inside the dialog, under its title, however many rows are shown. */}
      <ul
        ref={list}
        className="-mx-2 mt-2 max-h-[min(60vh,32rem)] divide-y divide-slate-100 overflow-y-auto px-2"
        data-testid="calendar-day-sessions"
      >
        {sessions.slice(0, shown).map((session) => {
          const { occurrenceId, status, location, organiser } = session.extendedProps;
          return (
            <li key={session.id}>
              <button
                type="button"
                onClick={() => setOpenId(occurrenceId)}
                className="flex w-full items-start gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
                  {timeIn(session.start, zone)}–{timeIn(session.end, zone)}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{session.title}</span>
                  <span className="block truncate text-slate-600">
                    {location} · {organiser}
                  </span>
                </span>
                <StatusBadge status={status}>{t(`occurrences.statuses.${status}`)}</StatusBadge>
              </button>
            </li>
          );
        })}
      </ul>
      {remaining > 0 && (
        <button
          type="button"
          className={`${buttonClass.secondary} mt-3`}
          onClick={() => {
            flushSync(() => setShown(shown + PAGE));
            // The focus goes on to the first row added, not back to the top.
            list.current?.children[shown]?.querySelector('button')?.focus();
          }}
        >
          {t('calendar.day.showMore', { count: Math.min(PAGE, remaining) })}
        </button>
      )}
      <OccurrenceDetails occurrenceId={openId} zone={zone} role={role} onClose={() => setOpenId(null)} />
    </>
  );
}

/**
 * A busy day's sessions, opened by its '+N more' (issue 14): the calendar draws only a few sessions
 * a day, so the rest are read here, when asked for, within the admin's filters.
 */
export function DayOccurrences({
  date,
  zone,
  filters,
  role,
  onClose,
}: {
  date: string | null;
  zone: string;
  filters: CalendarFilters;
  role: SessionRole;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <TitledDialog
      open={date !== null}
      onClose={onClose}
      title={date ? t('calendar.day.title', { day: formatDay(date, i18n.language) }) : ''}
      testId="calendar-day"
    >
      {date && <DayList key={date} date={date} zone={zone} filters={filters} role={role} />}
    </TitledDialog>
  );
}
