import { TitledDialog } from '../../components/titled-dialog';
import { errorMessage } from '../../api/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOccurrenceConflicts } from '../../api/conflicts';
import { ConflictWarnings } from '../../entities/occurrence/conflict-warnings';
import { Spinner } from '../../components/spinner';
import { buttonClass } from '../../components/ui';
import { dateTimeIn } from '../../lib/wall-clock';
import type { OccurrenceDrop } from './occurrence-calendar';

/** The double bookings the move would make (the same check as Edit Event Occurrence), asked at once. */
function MoveConflicts({ drop, zone }: { drop: OccurrenceDrop; zone: string }) {
  const { query, settled } = useOccurrenceConflicts(drop.occurrenceId, { occurrenceDate: drop.to.toISOString() }, 0);
  return (
    <div className="mt-3" data-testid="calendar-move-conflicts">
      <ConflictWarnings
        list={query.data}
        zone={zone}
        pending={!settled && !query.isError}
        error={query.isError ? errorMessage(query.error) : undefined}
      />
    </div>
  );
}

/**
 * Asks the admin to confirm a dragged session's new start (in their zone). Cancel, Escape or a
 * click outside puts it back. `children` is room for more about the move (a conflict warning).
 */
export function MoveConfirmation({
  drop,
  zone,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  drop: OccurrenceDrop | null;
  zone: string;
  busy: boolean;
  onConfirm: (drop: OccurrenceDrop) => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TitledDialog
      open={drop !== null}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={t('calendar.move.title')}
      testId="calendar-move-dialog"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} disabled={busy} onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy || drop === null}
            onClick={() => {
              if (drop) onConfirm(drop);
            }}
          >
            {busy && <Spinner />}
            {t('calendar.move.confirm')}
          </button>
        </>
      }
    >
      {drop && (
        <p className="text-sm text-slate-700">
          {t('calendar.move.text', {
            title: drop.title,
            from: dateTimeIn(drop.from.toISOString(), zone),
            to: dateTimeIn(drop.to.toISOString(), zone),
          })}
        </p>
      )}
      {drop && <MoveConflicts drop={drop} zone={zone} />}
      {children}
    </TitledDialog>
  );
}
