import type { Conflict, ConflictList } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { formatSpan } from '../../lib/wall-clock';
import { Spinner } from '../../components/spinner';

/** How many sessions of one person or room are named before 'and N more'. */
export const SESSIONS_SHOWN = 3;

/** The clashes by person or room, in order of their first session (the list comes sorted by start). */
export function groupConflicts(conflicts: readonly Conflict[]): Conflict[][] {
  const groups = new Map<string, Conflict[]>();
  for (const conflict of conflicts) {
    const key = `${conflict.kind}:${conflict.kind === 'location' ? conflict.locationId : conflict.userId}`;
    const group = groups.get(key);
    if (group) group.push(conflict);
    else groups.set(key, [conflict]);
  }
  return [...groups.values()];
}

/**
 * Double-booking warnings under a form (issue 15): per person or room, one sentence ("Ayşe Yılmaz
 * is already organising ‘Piano’ on Mon 12/01 10:00–11:00") or, when there are several, a count and
 * the first few sessions, "and N more"; the same for planned sessions in the organiser's time off
 * or outside their working hours (issue 36); times in `zone` (the viewer's). A warning only: the form
 * still saves, and says so. Nothing when there is no clash; the state while checking or failed.
 */
export function ConflictWarnings({
  list,
  zone,
  pending = false,
  error,
  showNone = false,
}: {
  list: ConflictList | undefined;
  zone: string;
  pending?: boolean;
  error?: string | undefined;
  showNone?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (error) {
    return (
      <p role="alert" className="mt-3 text-sm text-red-700">
        {t('conflicts.failed', { error })}
      </p>
    );
  }
  if (pending || !list) {
    return (
      <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-500">
        <Spinner />
        {t('conflicts.checking')}
      </p>
    );
  }
  if (list.conflictCount === 0) {
    return showNone ? (
      <p className="mt-3 text-sm text-slate-500" data-testid="conflicts-none">
        {t('conflicts.none')}
      </p>
    ) : null;
  }
  // A double booking names the other session; time off and working hours are about the planned one itself.
  const session = (conflict: Conflict) => {
    const when = formatSpan(conflict.startsAt, conflict.endsAt, zone, i18n.language);
    return conflict.title === undefined ? when : t('conflicts.session', { title: conflict.title, when });
  };
  return (
    <section
      aria-label={t('conflicts.title')}
      className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
      data-testid="conflict-warnings"
    >
      <h4 className="font-semibold">
        {t('conflicts.title')} ({list.conflictCount})
      </h4>
      <ul className="mt-1 space-y-1.5">
        {groupConflicts(list.conflicts).map((group) => {
          const [first] = group as [Conflict, ...Conflict[]];
          const key = `${first.kind}:${first.userId ?? first.locationId}`;
          if (group.length === 1) {
            return (
              <li key={key} data-testid="conflict">
                {t(`conflicts.${first.kind}`, { name: first.name, session: session(first) })}
              </li>
            );
          }
          return (
            <li key={key} data-testid="conflict">
              {t(`conflicts.${first.kind}Many`, { name: first.name, count: group.length })}
              <ul className="mt-0.5 list-disc pl-5 tabular-nums">
                {group.slice(0, SESSIONS_SHOWN).map((conflict) => (
                  <li key={conflict.occurrenceId ?? conflict.startsAt}>{session(conflict)}</li>
                ))}
                {group.length > SESSIONS_SHOWN && (
                  <li className="list-none">{t('conflicts.more', { count: group.length - SESSIONS_SHOWN })}</li>
                )}
              </ul>
            </li>
          );
        })}
      </ul>
      {list.conflictCount > list.conflicts.length && (
        <p className="mt-2">{t('conflicts.listed', { shown: list.conflicts.length, count: list.conflictCount })}</p>
      )}
      <p className="mt-2 text-amber-800">{t('conflicts.stillSaves')}</p>
    </section>
  );
}
