import { CANCELLATION_REASON_MAX, type EventOccurrence } from '@ritim/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { errorMessage } from '../../api/errors';
import { useCancelOccurrence } from '../../api/occurrences';
import { occurrenceTime } from '../../entities/occurrence/occurrence-time';
import { Spinner } from '../../components/spinner';
import { TitledDialog } from '../../components/titled-dialog';
import { buttonClass, inputClass } from '../../components/ui';

/** The session a cancellation is about, as the lists and the calendar's details have it. */
type CancellableOccurrence = EventOccurrence;

/**
 * 'Cancel session' (admins; docs/domain.md#cancellation): asks for the reason (required, at most
 * 500 characters) and whether to tell the guests, then cancels; the session stays listed, struck
 * through with the reason. The server's refusal is shown here and what was typed stays.
 */
export function CancelOccurrenceDialog({
  occurrence,
  onClose,
}: {
  occurrence: CancellableOccurrence | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TitledDialog
      open={occurrence !== null}
      onClose={onClose}
      title={occurrence ? t('cancellation.dialogTitle', { title: occurrence.event.title }) : t('cancellation.cancel')}
      testId="cancel-session-dialog"
    >
      {occurrence && <CancelOccurrenceForm key={occurrence.id} occurrence={occurrence} onClose={onClose} />}
    </TitledDialog>
  );
}

function CancelOccurrenceForm({ occurrence, onClose }: { occurrence: CancellableOccurrence; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelOccurrence();
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(false);
  const [blank, setBlank] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setBlank(true);
      return;
    }
    cancel.mutate(
      { id: occurrence.id, reason: reason.trim(), notify },
      {
        onSuccess: () => {
          toast.success(t('cancellation.cancelled'));
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="cancel-session-form">
      <p className="mb-3 text-sm text-slate-600">
        <span className="tabular-nums">{occurrenceTime(occurrence)}</span> · {occurrence.event.location.name}
      </p>
      <fieldset disabled={cancel.isPending} className="space-y-4">
        <div>
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-900">
            {t('cancellation.reason')}
          </label>
          <textarea
            id={reasonId}
            className={`${inputClass} mt-1`}
            rows={3}
            required
            maxLength={CANCELLATION_REASON_MAX}
            value={reason}
            aria-invalid={blank || undefined}
            aria-describedby={blank ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim() !== '') setBlank(false);
            }}
          />
          {blank && (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {t('cancellation.reasonRequired')}
            </p>
          )}
          <p id={hintId} className="mt-1 text-xs text-slate-500">
            {t('cancellation.reasonHint')}
          </p>
        </div>
        <div className="flex gap-3">
          <input
            id={`${reasonId}-notify`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            checked={notify}
            aria-describedby={`${reasonId}-notify-hint`}
            onChange={(event) => setNotify(event.target.checked)}
          />
          <div>
            <label htmlFor={`${reasonId}-notify`} className="text-sm font-medium text-slate-900">
              {t('cancellation.tellGuests')}
            </label>
            <p id={`${reasonId}-notify-hint`} className="text-xs text-slate-500">
              {t('cancellation.tellGuestsHint')}
            </p>
          </div>
        </div>
      </fieldset>
      {cancel.isError && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {t('cancellation.cancelFailed', { error: errorMessage(cancel.error) })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-3">
        <button type="button" className={`${buttonClass.secondary} min-h-11`} onClick={onClose}>
          {t('cancellation.keep')}
        </button>
        <button
          type="submit"
          className={`${buttonClass.danger} min-h-11`}
          disabled={cancel.isPending}
          aria-busy={cancel.isPending || undefined}
        >
          {cancel.isPending && <Spinner />}
          {t('cancellation.cancel')}
        </button>
      </div>
    </form>
  );
}
