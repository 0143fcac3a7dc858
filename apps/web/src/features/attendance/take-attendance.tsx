import type { AttendanceStatus, EventOccurrence, RsvpResponse } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { useMarkAttendance } from './api';
import { errorMessage } from '../../api/errors';
import { occurrenceQuery } from '../../api/occurrences';
import {
  changedEntries,
  draftsOf,
  everyonePresent,
  hasStarted,
  markAllowed,
  MARKS,
  type MarkDraft,
} from '../../entities/occurrence/attendance';
import { fullName } from '../../lib/names';
import { RsvpBadge } from '../../entities/occurrence/attendance-badge';
import { OccurrenceLine } from '../../entities/occurrence/occurrence-line';
import { Widget } from '../../lib/widgets';
import { Spinner } from '../../components/spinner';
import { TitledDialog } from '../../components/titled-dialog';
import { buttonClass, inputClass } from '../../components/ui';

/**
 * A chosen mark's colours (its badge's, filled); written out whole so Tailwind finds every class.
 */
const checkedColours: Record<AttendanceStatus, string> = {
  present: 'has-checked:bg-green-600 has-checked:text-white has-checked:ring-green-600',
  late: 'has-checked:bg-amber-500 has-checked:text-slate-950 has-checked:ring-amber-500',
  absent: 'has-checked:bg-red-600 has-checked:text-white has-checked:ring-red-600',
  excused: 'has-checked:bg-sky-700 has-checked:text-white has-checked:ring-sky-700',
  cancelled: 'has-checked:bg-slate-700 has-checked:text-white has-checked:ring-slate-700',
  lateCancelled: 'has-checked:bg-orange-700 has-checked:text-white has-checked:ring-orange-700',
};

/**
 * One large choice: a native radio (the group's arrow keys, its label read out) drawn as a button
 * at least 44 px high, so a thumb hits it on a phone.
 */
const choiceClass =
  'flex min-h-11 cursor-pointer items-center justify-center rounded-md bg-white px-2 py-2 text-center text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset select-none hover:bg-slate-50 ' +
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 ' +
  'has-disabled:cursor-not-allowed has-disabled:bg-slate-50 has-disabled:text-slate-400 has-disabled:hover:bg-slate-50';

/** One guest's marks: a labelled radio group of the six, and a note behind 'Add a note'. */
function GuestMarks({
  guestId,
  name,
  draft,
  started,
  markedBy,
  rsvp,
  disabled,
  onChange,
  children,
}: {
  guestId: number;
  name: string;
  draft: MarkDraft;
  started: boolean;
  markedBy: string | null;
  /** The guest's own answer through their link: shown, never applied over staff's mark. */
  rsvp: RsvpResponse | null;
  disabled: boolean;
  onChange: (draft: MarkDraft) => void;
  /** Below the marks: 'Book a make-up' for a guest whose saved mark allows one. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  // A note already written shows; 'Add a note' opens the field and puts the focus in it.
  const [note, setNote] = useState<'closed' | 'shown' | 'opened'>(draft.note === '' ? 'closed' : 'shown');
  return (
    <li className="py-3" data-testid="attendance-guest">
      <fieldset disabled={disabled} className="min-w-0">
        <legend className="text-sm font-semibold break-words text-slate-900">{name}</legend>
        {rsvp && (
          <p className="-ml-1">
            <RsvpBadge response={rsvp} />
          </p>
        )}
        {markedBy && <p className="text-xs text-slate-500">{t('attendance.markedBy', { name: markedBy })}</p>}
        <div className="mt-2 grid grid-cols-3 gap-2">
          {MARKS.map((status) => (
            <label key={status} className={`${choiceClass} ${checkedColours[status]}`}>
              <input
                type="radio"
                className="sr-only"
                name={`attendance-${guestId}`}
                value={status}
                checked={draft.status === status}
                disabled={!markAllowed(status, started)}
                onChange={() => onChange({ ...draft, status })}
              />
              {t(`attendance.statuses.${status}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {note !== 'closed' ? (
        <div className="mt-2">
          <label htmlFor={noteId} className="block text-xs font-medium text-slate-600">
            {t('attendance.noteFor', { guest: name })}
          </label>
          <input
            id={noteId}
            type="text"
            className={`${inputClass} mt-1`}
            value={draft.note}
            maxLength={2000}
            disabled={disabled}
            // Only when asked for with 'Add a note': the field replaces the button that had the focus.
            autoFocus={note === 'opened'}
            onChange={(event) => onChange({ ...draft, note: event.target.value })}
          />
        </div>
      ) : (
        <button
          type="button"
          className="mt-2 rounded-md py-1 text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
          disabled={disabled}
          aria-label={`${t('attendance.addNote')}: ${name}`}
          onClick={() => setNote('opened')}
        >
          {t('attendance.addNote')}
        </button>
      )}
      {children}
    </li>
  );
}

/**
 * Marking a session's attendance (issue 23): every guest (or only `guestIds`, Fill Form's guest)
 * with the six marks as large radio buttons, 'Everyone present' in one click, an optional note
 * each, saved with one request. Before the session starts only the marks allowed ahead can be
 * chosen, and it says why; a cancelled session has nothing to mark. The server's refusal is shown
 * here, in the user's language, and what was chosen stays.
 */
export function AttendanceMarking({
  occurrence,
  guestIds,
  onSaved,
  onCancel,
}: {
  occurrence: EventOccurrence;
  guestIds?: readonly number[];
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const mark = useMarkAttendance();
  const initial = draftsOf(occurrence);
  const [drafts, setDrafts] = useState(initial);
  const started = hasStarted(occurrence);
  const guests = occurrence.guests.filter((guest) => !guestIds || guestIds.includes(guest.id));
  const shown = Object.fromEntries(guests.map((guest) => [guest.id, drafts[guest.id] ?? { status: null, note: '' }]));
  const entries = changedEntries(initial, shown);
  const markers = new Map(occurrence.attendance.map((entry) => [entry.guestId, entry.markedBy?.name ?? null]));

  if (occurrence.status === 'cancelled') {
    // Nothing to mark; its guests may have a make-up (docs/domain.md#make-ups).
    return (
      <div>
        <p className="text-sm text-slate-600">{t('attendance.cancelledSession')}</p>
        <ul className="divide-y divide-slate-100">
          {guests.map((guest) => (
            <li key={guest.id} className="py-2" data-testid="attendance-guest">
              <p className="text-sm font-semibold break-words text-slate-900">{fullName(guest)}</p>
              <Widget name="BookMakeup" occurrence={occurrence} guest={guest} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (guests.length === 0) return <p className="text-sm text-slate-600">{t('calendar.details.noGuests')}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (entries.length === 0) return;
    mark.mutate(
      { occurrenceId: occurrence.id, entries },
      {
        onSuccess: () => {
          toast.success(t('attendance.saved'));
          onSaved?.();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="attendance-marking">
      {!started && (
        <p className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="attendance-ahead">
          {t('attendance.notStarted')}
        </p>
      )}
      {guests.length > 1 && (
        <button
          type="button"
          className={`${buttonClass.secondary} min-h-11 w-full sm:w-auto`}
          disabled={!started || mark.isPending}
          onClick={() => setDrafts((current) => ({ ...current, ...everyonePresent(shown) }))}
        >
          {t('attendance.everyonePresent')}
        </button>
      )}
      <ul className="divide-y divide-slate-100">
        {guests.map((guest) => (
          <GuestMarks
            key={guest.id}
            guestId={guest.id}
            name={fullName(guest)}
            draft={shown[guest.id]!}
            started={started}
            markedBy={markers.get(guest.id) ?? null}
            rsvp={guest.rsvp}
            disabled={mark.isPending}
            onChange={(draft) => setDrafts((current) => ({ ...current, [guest.id]: draft }))}
          >
            <Widget name="BookMakeup" occurrence={occurrence} guest={guest} />
          </GuestMarks>
        ))}
      </ul>
      {mark.isError && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {t('attendance.saveFailed', { error: errorMessage(mark.error) })}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-3">
        <p className="mr-auto text-sm text-slate-500" aria-live="polite">
          {entries.length === 0 ? t('attendance.unchanged') : t('attendance.changed', { count: entries.length })}
        </p>
        {onCancel && (
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
        <button
          type="submit"
          className={`${buttonClass.primary} min-h-11`}
          disabled={entries.length === 0 || mark.isPending}
          aria-busy={mark.isPending || undefined}
        >
          {mark.isPending && <Spinner />}
          {t('attendance.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Take attendance' as a dialog (Upcoming Events' row menu, Home): reads the session afresh (its
 * current marks and notes), marks it, and closes once saved.
 */
export function TakeAttendanceDialog({ occurrenceId, onClose }: { occurrenceId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ ...occurrenceQuery(occurrenceId ?? 0), enabled: occurrenceId !== null });
  const occurrence = occurrenceId !== null && query.data?.id === occurrenceId ? query.data : undefined;
  return (
    <TitledDialog
      open={occurrenceId !== null}
      onClose={onClose}
      title={occurrence ? t('attendance.dialogTitle', { title: occurrence.event.title }) : t('attendance.take')}
      testId="attendance-dialog"
    >
      {occurrence ? (
        <>
          <OccurrenceLine occurrence={occurrence} />
          <AttendanceMarking key={occurrence.id} occurrence={occurrence} onSaved={onClose} onCancel={onClose} />
        </>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('attendance.loadFailed', { error: errorMessage(query.error) })}
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner />
          {t('common.loading')}
        </p>
      )}
    </TitledDialog>
  );
}
