import type { EventOccurrence } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { ApiError, errorMessage } from '../../api/errors';
import { makeupSlotsQuery, useBookMakeup } from '../../api/occurrences';
import { useSession } from '../../auth/session-store';
import { canBookMakeup } from '../../entities/occurrence/attendance';
import { fullName } from '../../lib/names';
import { organiserZone } from '../../entities/occurrence/rows';
import { dateTimeIn, formatSpan } from '../../lib/wall-clock';
import { Spinner } from '../../components/spinner';
import { buttonClass } from '../../components/ui';

/** How many proposals show at first; 'Show more times' shows the rest (at most five). */
const FIRST_PROPOSALS = 3;

/**
 * The free times for a guest's make-up (the first three, then 'Show more times' for the rest), each
 * booked in one click. A time taken meanwhile (409) brings fresh proposals with a word on why.
 */
export function MakeupProposals({
  occurrence,
  guest,
  onBooked,
}: {
  occurrence: EventOccurrence;
  guest: { id: number; name: string | null; surname: string | null };
  onBooked?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const zone = organiserZone(occurrence);
  const guestName = fullName(guest);
  const slots = useQuery(makeupSlotsQuery(occurrence.id, guest.id));
  const book = useBookMakeup();
  const [more, setMore] = useState(false);
  const [taken, setTaken] = useState(false);
  const headingId = useId();
  const time = (slot: { startsAt: string; endsAt: string }) =>
    formatSpan(slot.startsAt, slot.endsAt, zone, i18n.language);

  const choose = (slot: { startsAt: string; endsAt: string }) => {
    setTaken(false);
    // Through the promise, not mutate's callbacks: the refetched session may already show the booked
    // make-up in place of these proposals (unmounting them) when the booking settles.
    book.mutateAsync({ id: occurrence.id, guestId: guest.id, startsAt: slot.startsAt }).then(
      () => {
        toast.success(t('makeup.booked', { guest: guestName, time: `${time(slot)} (${zone})` }));
        onBooked?.();
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409 && error.code !== 'makeup.alreadyBooked') {
          setTaken(true);
        }
      },
    );
  };

  let body;
  if (slots.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner />
        {t('makeup.loading')}
      </p>
    );
  } else if (slots.isError) {
    body = (
      <div role="alert" className="text-sm text-red-700">
        <p>{t('makeup.loadFailed', { error: errorMessage(slots.error) })}</p>
        <button type="button" className={`${buttonClass.secondary} mt-2 min-h-11`} onClick={() => void slots.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (slots.data.slots.length === 0) {
    body = (
      <p className="text-sm text-slate-600" data-testid="makeup-empty">
        {t('makeup.empty')}
      </p>
    );
  } else {
    const shown = more ? slots.data.slots : slots.data.slots.slice(0, FIRST_PROPOSALS);
    body = (
      <>
        <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap" data-testid="makeup-proposals">
          {shown.map((slot) => (
            <li key={slot.startsAt}>
              <button
                type="button"
                className={`${buttonClass.secondary} min-h-11 w-full tabular-nums sm:w-auto`}
                disabled={book.isPending || slots.isFetching}
                onClick={() => choose(slot)}
              >
                {t('makeup.bookAt', { time: time(slot) })}
              </button>
            </li>
          ))}
        </ul>
        {!more && slots.data.slots.length > FIRST_PROPOSALS && (
          <button
            type="button"
            className="mt-2 min-h-11 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            onClick={() => setMore(true)}
          >
            {t('makeup.showMore')}
          </button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mt-2 rounded-md bg-slate-50 p-3" data-testid="makeup-panel">
      <h4 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        {t('makeup.proposalsFor', { guest: guestName })} <span className="font-normal text-slate-500">({zone})</span>
      </h4>
      {taken && (
        <p role="alert" className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {t('makeup.taken')}
        </p>
      )}
      {book.isError && !taken && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {t('makeup.bookFailed', { error: errorMessage(book.error) })}
        </p>
      )}
      {book.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner />
          {t('makeup.booking')}
        </p>
      ) : (
        body
      )}
    </section>
  );
}

/**
 * 'Book a make-up' for one guest of a session (admins and its organiser, an eligible guest only;
 * docs/domain.md#make-ups): opens the proposals below it, and closes them once one is booked. A
 * guest whose make-up is booked (and not cancelled) shows when it is instead.
 */
export function BookMakeup({
  occurrence,
  guest,
}: {
  occurrence: EventOccurrence;
  guest: EventOccurrence['guests'][number];
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (guest.makeup) {
    return (
      <p className="mt-1 text-sm text-slate-600" data-testid="makeup-booked">
        {t('makeup.bookedOn', {
          time: `${dateTimeIn(guest.makeup.startsAt, organiserZone(occurrence))} (${organiserZone(occurrence)})`,
        })}
      </p>
    );
  }
  if (!canBookMakeup(occurrence, guest, user)) return null;
  return (
    <div>
      <button
        type="button"
        className="mt-1 min-h-11 rounded-md text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-expanded={open}
        // The visible text first, then whom it is for (a list of guests has one per guest).
        aria-label={t('makeup.bookFor', { guest: fullName(guest) })}
        onClick={() => setOpen((current) => !current)}
      >
        {t('makeup.book')}
      </button>
      {open && <MakeupProposals occurrence={occurrence} guest={guest} onBooked={() => setOpen(false)} />}
    </div>
  );
}
