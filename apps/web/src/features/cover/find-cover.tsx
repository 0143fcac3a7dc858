import type { CoverCandidate, EventOccurrence } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { Spinner } from '../../components/spinner';
import { TitledDialog } from '../../components/titled-dialog';
import { toast } from '../../components/toast';
import { buttonClass } from '../../components/ui';
import { CoverLine } from '../../entities/occurrence/cover-line';
import { candidatesQuery, useCoverOccurrence, useGiveBack } from './api';

/** Whether a session can be given to a substitute or back: not cancelled and not completed. */
export const coverable = (occurrence: Pick<EventOccurrence, 'status'>) =>
  occurrence.status !== 'cancelled' && occurrence.status !== 'completed';

function NotifyBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const hint = useId();
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        checked={checked}
        aria-describedby={hint}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        {t('cover.notify')}
        <span id={hint} className="block text-slate-500">
          {t('cover.notifyHint')}
        </span>
      </span>
    </label>
  );
}

/** Why a candidate: how many of the session's guests they know, how many sessions they covered lately. */
function Reasons({ candidate, guests }: { candidate: CoverCandidate; guests: number }) {
  const { t } = useTranslation();
  const knows =
    guests === 0
      ? t('cover.noGuests')
      : candidate.knownGuests === 0
        ? t('cover.knowsCount', { count: 0 })
        : t('cover.knowsGuests', { known: candidate.knownGuests, count: guests });
  return (
    <span className="block text-sm text-slate-600">
      {knows} · {t('cover.covered', { count: candidate.coversLast30Days })}
    </span>
  );
}

/**
 * 'Find cover' for one session (admins; docs/domain.md#cover): the free editors ranked by who
 * knows its guests and who covered least lately, each with why and one click to assign, telling
 * the guests and both organisers unless unticked. A covered session says who covers it for whom
 * and can be given back. Nothing for a cancelled or completed session without cover.
 */
export function FindCover({
  occurrence,
  onDone,
  startOpen = false,
}: {
  occurrence: EventOccurrence;
  onDone?: () => void;
  /** The candidates at once (a dialog opened by 'Find cover'). */
  startOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(startOpen);
  const [notify, setNotify] = useState(true);
  const assign = useCoverOccurrence();
  const giveBack = useGiveBack();
  const listId = useId();
  const candidates = useQuery({ ...candidatesQuery(occurrence.id), enabled: open && !occurrence.cover });
  const title = occurrence.event.title;

  if (occurrence.cover) {
    const cover = occurrence.cover;
    return (
      <section className="space-y-3" aria-label={t('cover.findCover')} data-testid="find-cover">
        <p>
          <CoverLine cover={cover} />
        </p>
        {coverable(occurrence) && (
          <>
            <NotifyBox checked={notify} onChange={setNotify} />
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={giveBack.isPending}
              onClick={() =>
                giveBack.mutate(
                  { occurrenceId: occurrence.id, notify },
                  {
                    onSuccess: () => {
                      toast.success(t('cover.givenBack', { title, name: cover.originalOrganiser.name }));
                      onDone?.();
                    },
                    onError: (error) => toast.error(errorMessage(error)),
                  },
                )
              }
            >
              {giveBack.isPending && <Spinner />}
              {t('cover.giveBack')}
            </button>
          </>
        )}
      </section>
    );
  }
  if (!coverable(occurrence)) return null;

  const guests = occurrence.guests.filter((guest) => guest.status === 'active').length;
  return (
    <section className="space-y-3" aria-label={t('cover.findCover')} data-testid="find-cover">
      {!open ? (
        <button
          type="button"
          className={buttonClass.secondary}
          aria-expanded={false}
          aria-controls={listId}
          onClick={() => setOpen(true)}
        >
          {t('cover.findCover')}
        </button>
      ) : (
        <div id={listId} className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('cover.findCover')}</h3>
          <NotifyBox checked={notify} onChange={setNotify} />
          {candidates.isError ? (
            <div className="flex flex-wrap items-center gap-3">
              <p role="alert" className="text-sm text-red-700">
                {t('cover.candidatesFailed')}: {errorMessage(candidates.error)}
              </p>
              <button type="button" className={buttonClass.secondary} onClick={() => void candidates.refetch()}>
                {t('home.retry')}
              </button>
            </div>
          ) : !candidates.data ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner />
              {t('cover.candidatesLoading')}
            </p>
          ) : candidates.data.candidates.length === 0 ? (
            <p className="text-sm text-slate-600">{t('cover.noCandidates')}</p>
          ) : (
            <ol className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" data-testid="cover-candidates">
              {candidates.data.candidates.map((candidate) => (
                <li
                  key={candidate.user.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2"
                  data-testid="cover-candidate"
                >
                  <span className="min-w-0 break-words">
                    <span className="text-sm font-medium text-slate-900">{candidate.user.name}</span>
                    <Reasons candidate={candidate} guests={guests} />
                  </span>
                  <button
                    type="button"
                    className={buttonClass.primary}
                    aria-label={t('cover.assignTo', { name: candidate.user.name })}
                    disabled={assign.isPending}
                    onClick={() =>
                      assign.mutate(
                        { occurrenceId: occurrence.id, organiserId: candidate.user.id, notify },
                        {
                          onSuccess: () => {
                            toast.success(t('cover.assigned', { title, name: candidate.user.name }));
                            setOpen(false);
                            onDone?.();
                          },
                          onError: (error) => {
                            toast.error(errorMessage(error));
                            void candidates.refetch();
                          },
                        },
                      )
                    }
                  >
                    {assign.isPending && assign.variables.organiserId === candidate.user.id && <Spinner />}
                    {t('cover.assign')}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}

/** 'Find cover' as a dialog (Upcoming Events' row menu, Home), open while `occurrence` is set. */
export function FindCoverDialog({ occurrence, onClose }: { occurrence: EventOccurrence | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <TitledDialog
      open={occurrence !== null}
      onClose={onClose}
      title={occurrence ? t('cover.findCoverTitle', { title: occurrence.event.title }) : ''}
      testId="find-cover-dialog"
    >
      {occurrence && <FindCover key={occurrence.id} occurrence={occurrence} onDone={onClose} startOpen />}
    </TitledDialog>
  );
}
