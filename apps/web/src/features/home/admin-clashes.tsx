import type { OccurrenceClash } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { occurrenceClashesQuery } from '../../api/conflicts';
import { Loaded } from '../../components/loaded';
import { Panel } from '../../components/panel';
import { dayStartIn, formatSpan, todayIn } from '../../lib/wall-clock';

const DAYS = 7;
const linkClass =
  'font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** A session of a clash, as a link to Edit Event Occurrence (where it can be moved or its guests changed). */
function OccurrenceLink({ session, zone }: { session: OccurrenceClash['with']; zone: string }) {
  const { t, i18n } = useTranslation();
  const when = formatSpan(session.startsAt, session.endsAt, zone, i18n.language);
  return (
    <Link
      to={`/event-occurrences/${session.occurrenceId}/edit`}
      className={linkClass}
      aria-label={t('conflicts.editSession', { title: session.title, when })}
    >
      {t('conflicts.session', { title: session.title, when })}
    </Link>
  );
}

/**
 * Admins' Home: the double bookings of the next 7 days (from the start of today in the admin's
 * zone): who or which room, and the two sessions, each a link to fix it.
 */
export function AdminClashes({ zone }: { zone: string }) {
  const { t } = useTranslation();
  // Fixed for the visit, so the query key does not change with every render.
  const [range] = useState(() => {
    const today = todayIn(zone);
    return { from: dayStartIn(today, zone).toISOString(), to: dayStartIn(today, zone, DAYS).toISOString() };
  });
  const clashes = useQuery(occurrenceClashesQuery(range.from, range.to));
  return (
    <Panel id="home-clashes" title={t('conflicts.title')} subtitle={t('conflicts.homeSubtitle', { zone })}>
      <Loaded query={clashes}>
        {({ conflicts, conflictCount }) =>
          conflicts.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600 sm:px-6">{t('conflicts.homeEmpty')}</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {conflicts.map((clash) => (
                  <li
                    key={`${clash.kind}:${clash.userId ?? clash.locationId}:${clash.occurrenceId}:${clash.with.occurrenceId}`}
                    className="px-4 py-3 text-sm sm:px-6"
                    data-testid="home-clash"
                  >
                    <p className="font-medium text-slate-900">
                      {clash.name}{' '}
                      <span className="font-normal text-slate-500">({t(`conflicts.homeKind.${clash.kind}`)})</span>
                    </p>
                    <p className="mt-0.5 text-slate-700 tabular-nums">
                      <OccurrenceLink session={clash.with} zone={zone} /> {t('conflicts.and')}{' '}
                      <OccurrenceLink session={clash} zone={zone} />
                    </p>
                  </li>
                ))}
              </ul>
              {conflictCount > conflicts.length && (
                <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-6">
                  {t('conflicts.homeMore', { shown: conflicts.length, count: conflictCount })}
                </p>
              )}
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}
