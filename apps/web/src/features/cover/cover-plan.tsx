import {
  coverMessages,
  MAX_LIMIT,
  type AffectedOccurrence,
  type ApplyCoverPlan,
  type CoverPlan,
  type CoverCandidate,
  type TimeOff,
  type TimeOffResult,
} from '@ritim/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors';
import { OCCURRENCES } from '../../api/occurrences';
import { list, type ListResult } from '../../api/resources';
import { useSession } from '../../auth/session-store';
import { parseRouteId } from '../../components/entity-form';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { buttonClass, cardClass, inputClass } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { affectedQuery, candidatesQuery, coverKeys, coverPlanQuery, useApplyCoverPlan } from './api';
import { useTimeOffDays } from './time-off-list';

/**
 * One time off by id: the list has it (there is no GET of one), from the lists already read when
 * the screen is opened from one, else from its first MAX_LIMIT rows (newest first).
 */
const timeOffQuery = (id: number, cached: () => TimeOff | undefined) =>
  queryOptions({
    queryKey: [...coverKeys.timeOff, 'one', id] as const,
    queryFn: async ({ signal }) => {
      const found = (await list<TimeOff>('time-off', { limit: MAX_LIMIT }, signal)).items.find((row) => row.id === id);
      if (!found) throw new ApiError(404, coverMessages.timeOffNotFound);
      return found;
    },
    initialData: cached,
    retry: false,
  });

/** A session of the plan with the substitute chosen for it (null: left uncovered). */
interface PlanRow {
  occurrenceId: number;
  session: AffectedOccurrence | undefined;
  proposed: { id: number; name: string } | null;
}
type Choice = { id: number; name: string } | null;

const overlaps = (a: AffectedOccurrence | undefined, b: AffectedOccurrence | undefined) =>
  a !== undefined && b !== undefined && a.startsAt < b.endsAt && b.startsAt < a.endsAt;

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <PageTitle title={title} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('cover.planHint')}</p>
      </div>
      {children}
    </div>
  );
}

function Status({ failed, children }: { failed?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`${cardClass} space-y-4 p-4 sm:p-6`}>
      <p
        role={failed ? 'alert' : 'status'}
        className={`flex items-center gap-2 text-sm ${failed ? 'text-red-700' : 'text-slate-600'}`}
      >
        {!failed && <Spinner />}
        {children}
      </p>
      <Link to="/time-off" className={buttonClass.secondary}>
        {t('cover.back')}
      </Link>
    </div>
  );
}

/**
 * /time-off/:timeOffId/cover-plan (docs/domain.md#time-off; admins): each session the time off
 * affects with the best free substitute proposed (the server never proposes one person for two
 * overlapping sessions), each changeable to another free candidate or left uncovered; 'Give these
 * covers' applies them all in one step, or none when one is no longer free (the answer is shown
 * and the choices stay).
 */
export function CoverPlanScreen() {
  const { t } = useTranslation();
  const id = parseRouteId(useParams().timeOffId);
  const queryClient = useQueryClient();
  const cached = () =>
    queryClient
      .getQueriesData<ListResult<TimeOff>>({ queryKey: coverKeys.timeOffLists() })
      .flatMap(([, page]) => page?.items ?? [])
      .find((row) => row.id === id);
  const timeOff = useQuery({ ...timeOffQuery(id ?? 0, cached), enabled: id !== null });

  if (id === null || timeOff.isError) {
    return (
      <Frame title={t('cover.coverPlan')}>
        <Status failed>
          {errorMessage(timeOff.error ?? new ApiError(404, coverMessages.timeOffNotFound), t('cover.planFailed'))}
        </Status>
      </Frame>
    );
  }
  if (!timeOff.data) {
    return (
      <Frame title={t('cover.coverPlan')}>
        <Status>{t('common.loading')}</Status>
      </Frame>
    );
  }
  return <PlanLoader timeOff={timeOff.data} />;
}

function PlanLoader({ timeOff }: { timeOff: TimeOff }) {
  const { t } = useTranslation();
  const days = useTimeOffDays();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Here, not in the form, so what follows the answer happens whatever the form does meanwhile.
  const apply = useApplyCoverPlan();
  const plan = useQuery(coverPlanQuery(timeOff.id!));
  const affected = useQuery(affectedQuery(timeOff));
  // What was applied stays in view until the list opens (both are read again without those sessions).
  const [applying, setApplying] = useState<{ plan: CoverPlan; affected: TimeOffResult } | null>(null);
  const planData = applying?.plan ?? plan.data;
  const affectedData = applying?.affected ?? affected.data;
  const onApply = (assignments: ApplyCoverPlan) => {
    if (plan.data && affected.data) setApplying({ plan: plan.data, affected: affected.data });
    apply.mutate(
      { id: timeOff.id!, plan: assignments },
      {
        onSuccess: ({ covered }) => {
          toast.success(t('cover.planApplied', { count: covered }));
          void navigate('/time-off');
        },
        // Someone is no longer free: their candidates are read again; the choices stay as they were.
        onError: () => {
          setApplying(null);
          void queryClient.invalidateQueries({ queryKey: [OCCURRENCES, 'cover-candidates'] });
        },
      },
    );
  };
  const title = t('cover.planTitle', { name: timeOff.user.name, days: days(timeOff) });

  let body: ReactNode;
  if (plan.isError || affected.isError) {
    body = <Status failed>{errorMessage(plan.error ?? affected.error, t('cover.planFailed'))}</Status>;
  } else if (!planData || !affectedData) {
    body = <Status>{t('cover.planLoading')}</Status>;
  } else if (planData.plan.length === 0) {
    body = (
      <div className={`${cardClass} space-y-4 p-4 sm:p-6`} data-testid="cover-plan-empty">
        <p className="text-sm text-slate-700">{t('cover.planEmpty')}</p>
        <Link to="/time-off" className={buttonClass.secondary}>
          {t('cover.back')}
        </Link>
      </div>
    );
  } else {
    const sessions = new Map(affectedData.affected.map((session) => [session.occurrenceId, session]));
    const rows = planData.plan.map((entry) => ({
      occurrenceId: entry.occurrenceId,
      session: sessions.get(entry.occurrenceId),
      proposed: entry.candidate,
    }));
    body = <PlanForm rows={rows} apply={apply} onApply={onApply} />;
  }
  return <Frame title={title}>{body}</Frame>;
}

function PlanForm({
  rows,
  apply,
  onApply,
}: {
  rows: PlanRow[];
  apply: ReturnType<typeof useApplyCoverPlan>;
  onApply: (plan: ApplyCoverPlan) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [choices, setChoices] = useState<Record<number, Choice>>(() =>
    Object.fromEntries(rows.map((row) => [row.occurrenceId, row.proposed])),
  );
  const [notify, setNotify] = useState(true);
  const notifyId = useId();
  const zone = user?.timezone ?? 'UTC';

  // One person for two sessions at the same time: said under both choices, and nothing is applied.
  const clash = (row: PlanRow) => {
    const chosen = choices[row.occurrenceId];
    if (!chosen) return undefined;
    return rows.find(
      (other) =>
        other.occurrenceId !== row.occurrenceId &&
        choices[other.occurrenceId]?.id === chosen.id &&
        overlaps(other.session, row.session),
    );
  };
  const assignments = rows.flatMap((row) => {
    const chosen = choices[row.occurrenceId];
    return chosen ? [{ occurrenceId: row.occurrenceId, organiserId: chosen.id }] : [];
  });
  const clashing = rows.some((row) => clash(row) !== undefined);
  // The session whose substitute the server found no longer free (409): named in the alert, marked in place.
  const refused = refusedRow(apply.error, rows, assignments);

  const submit = () => onApply({ assignments, notify });

  return (
    <section aria-labelledby="cover-plan-sessions" className={`${cardClass} space-y-4 p-4 sm:p-6`}>
      <h2 id="cover-plan-sessions" className="text-lg font-semibold text-slate-900">
        {t('cover.affected', { count: rows.length })}
      </h2>
      <ul className="divide-y divide-slate-100" data-testid="cover-plan">
        {rows.map((row) => {
          const other = clash(row);
          return (
            <PlanRowChoice
              key={row.occurrenceId}
              row={row}
              zone={zone}
              value={choices[row.occurrenceId] ?? null}
              disabled={apply.isPending}
              refused={refused === row}
              clash={
                other
                  ? t('cover.alsoTakes', {
                      name: choices[row.occurrenceId]!.name,
                      title: other.session?.title ?? `#${other.occurrenceId}`,
                    })
                  : undefined
              }
              onChange={(choice) => {
                setChoices((before) => ({ ...before, [row.occurrenceId]: choice }));
                apply.reset();
              }}
            />
          );
        })}
      </ul>
      <div className="flex gap-3">
        <input
          id={notifyId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
          checked={notify}
          disabled={apply.isPending}
          aria-describedby={`${notifyId}-hint`}
          onChange={(event) => setNotify(event.target.checked)}
        />
        <div>
          <label htmlFor={notifyId} className="text-sm font-medium text-slate-900">
            {t('cover.notify')}
          </label>
          <p id={`${notifyId}-hint`} className="text-xs text-slate-500">
            {t('cover.notifyHint')}
          </p>
        </div>
      </div>
      {apply.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {refused
            ? t('cover.noLongerFree', {
                title: refused.session?.title ?? `#${refused.occurrenceId}`,
                when: refused.session ? formatDateTime(refused.session.startsAt, zone) : '',
                name: choices[refused.occurrenceId]?.name ?? '',
              })
            : errorMessage(apply.error, t('common.saveFailed'))}
        </p>
      )}
      {assignments.length === 0 && <p className="text-sm text-slate-500">{t('cover.applyNone')}</p>}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass.primary}
          onClick={submit}
          disabled={apply.isPending || assignments.length === 0 || clashing}
          aria-busy={apply.isPending || undefined}
        >
          {apply.isPending && <Spinner />}
          {t('cover.applyPlan')}
        </button>
        <Link to="/time-off" className={buttonClass.secondary}>
          {t('cover.back')}
        </Link>
      </div>
    </section>
  );
}

/** The row a 409 names: the session of `startsAt` among several, or the only one given. */
function refusedRow(
  error: Error | null,
  rows: PlanRow[],
  assignments: { occurrenceId: number }[],
): PlanRow | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const startsAt = error.values?.startsAt;
  if (error.code === 'cover.notFreeFor' && typeof startsAt === 'string') {
    const at = Date.parse(startsAt);
    return rows.find(
      (row) =>
        assignments.some((assignment) => assignment.occurrenceId === row.occurrenceId) &&
        row.session !== undefined &&
        Date.parse(row.session.startsAt) === at,
    );
  }
  if ((error.code === 'cover.notFree' || error.message === coverMessages.notFree) && assignments.length === 1)
    return rows.find((row) => row.occurrenceId === assignments[0]!.occurrenceId);
  return undefined;
}

/** One session: its title and start, and the substitute for it (the free candidates, best first). */
function PlanRowChoice({
  row,
  zone,
  value,
  disabled,
  refused,
  clash,
  onChange,
}: {
  row: PlanRow;
  zone: string;
  value: Choice;
  disabled: boolean;
  refused: boolean;
  clash: string | undefined;
  onChange: (choice: Choice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const candidates = useQuery(candidatesQuery(row.occurrenceId));
  const title = row.session?.title ?? `#${row.occurrenceId}`;
  const when = row.session ? formatDateTime(row.session.startsAt, zone) : '';
  const why = (candidate: CoverCandidate) =>
    t('cover.candidateReason', {
      name: candidate.user.name,
      why: `${t('cover.knowsCount', { count: candidate.knownGuests })}, ${t('cover.covered', { count: candidate.coversLast30Days })}`,
    });
  // The proposed and the chosen stay choosable while the candidates load, or when one has gone.
  const listed = candidates.data?.candidates ?? [];
  const options = [
    ...listed.map((candidate) => ({ id: candidate.user.id, label: why(candidate) })),
    ...[row.proposed, value]
      .filter((person): person is { id: number; name: string } => person !== null)
      .filter((person, i, all) => all.findIndex((p) => p.id === person.id) === i)
      .filter((person) => !listed.some((candidate) => candidate.user.id === person.id))
      .map((person) => ({ id: person.id, label: person.name })),
  ];
  const names = new Map([
    ...listed.map((candidate) => [candidate.user.id, candidate.user.name] as const),
    ...[row.proposed, value].flatMap((person) => (person ? [[person.id, person.name] as const] : [])),
  ]);
  const noteId = `${id}-note`;
  const problem = clash ?? (refused ? t('cover.notFreeNow') : undefined);
  const note = problem ?? (candidates.isError ? t('cover.candidatesFailed') : undefined);

  return (
    <li className="grid gap-2 py-3 sm:grid-cols-2 sm:items-center sm:gap-4" data-testid="cover-plan-row">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words text-slate-900">{title}</p>
        <p className="text-sm text-slate-600 tabular-nums">{when}</p>
      </div>
      <div>
        <label htmlFor={id} className="sr-only">
          {t('cover.substituteFor', { title, when })}
        </label>
        <select
          id={id}
          value={value ? String(value.id) : ''}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          aria-busy={candidates.isPending || undefined}
          onChange={(event) => {
            const chosen = Number(event.target.value);
            onChange(event.target.value === '' ? null : { id: chosen, name: names.get(chosen) ?? `#${chosen}` });
          }}
          className={`${inputClass} pr-8`}
        >
          <option value="">
            {row.proposed || listed.length > 0 ? t('cover.leaveUncovered') : t('cover.noCandidate')}
          </option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        {note && (
          <p id={noteId} className={`mt-1 text-xs ${problem ? 'text-red-700' : 'text-slate-500'}`}>
            {note}
          </p>
        )}
      </div>
    </li>
  );
}
