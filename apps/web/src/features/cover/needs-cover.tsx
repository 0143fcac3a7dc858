import type { EventOccurrence } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { Panel } from '../../components/panel';
import { buttonClass } from '../../components/ui';
import { fullName } from '../../lib/names';
import { formatSpan } from '../../lib/wall-clock';
import { needsCoverQuery } from './api';
import { FindCoverDialog } from './find-cover';

/** What Home reads: the next 30 days. */
const NEEDS_COVER_DAYS = 30;

const linkClass =
  'text-left font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * Admins' Home: "N sessions need cover" (GET /api/event-occurrences/needs-cover?days=30: their
 * organiser is on time off then and nobody covers them), each opening 'Find cover' for it.
 * Nothing while there are none (or while it is read).
 */
export function NeedsCover({ zone }: { zone: string }) {
  const { t, i18n } = useTranslation();
  const needs = useQuery(needsCoverQuery(NEEDS_COVER_DAYS));
  const [finding, setFinding] = useState<EventOccurrence | null>(null);
  // Like the panel itself when nothing needs cover: no placeholder while it is read.
  if (needs.isPending) return null;
  if (needs.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-red-700">
          {t('cover.needsCoverFailed')}: {errorMessage(needs.error)}
        </p>
        <button type="button" className={buttonClass.secondary} onClick={() => void needs.refetch()}>
          {t('home.retry')}
        </button>
      </div>
    );
  }
  const { eventOccurrences, totalCount } = needs.data;
  if (totalCount === 0) return null;
  return (
    <Panel
      id="home-needs-cover"
      title={t('cover.needsCover', { count: totalCount })}
      subtitle={<p className="text-sm text-slate-600">{t('cover.needsCoverHint')}</p>}
    >
      <ul className="divide-y divide-slate-100" data-testid="home-needs-cover">
        {eventOccurrences.map((occurrence) => (
          <li key={occurrence.id} className="px-4 py-3 sm:px-6" data-testid="home-needs-cover-session">
            <button type="button" className={`${linkClass} text-sm break-words`} onClick={() => setFinding(occurrence)}>
              {t('conflicts.session', {
                title: occurrence.event.title,
                when: formatSpan(occurrence.occurrenceDate, occurrence.endDate, zone, i18n.language),
              })}
            </button>
            <span className="block text-sm text-slate-600">
              {fullName(occurrence.event.organiser)} · {occurrence.event.location.name}
            </span>
          </li>
        ))}
      </ul>
      <FindCoverDialog occurrence={finding} onClose={() => setFinding(null)} />
    </Panel>
  );
}
