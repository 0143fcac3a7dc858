import type { EventOccurrence } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useRestoreOccurrence } from '../../api/occurrences';
import { confirmAction } from '../../components/confirm';
import { toast } from '../../components/toast';
import { occurrenceTime } from './occurrence-time';

/** 'Restore' (admins): after a confirmation, the session takes back the status it had before. */
export function useConfirmRestore() {
  const { t } = useTranslation();
  const restore = useRestoreOccurrence();
  return (occurrence: EventOccurrence, onRestored?: () => void) => {
    if (
      !confirmAction(
        t('cancellation.confirmRestore', { title: occurrence.event.title, time: occurrenceTime(occurrence) }),
      )
    )
      return;
    restore.mutate(
      { id: occurrence.id },
      {
        onSuccess: () => {
          toast.success(t('cancellation.restored'));
          onRestored?.();
        },
        onError: (error) => toast.error(t('cancellation.restoreFailed', { error: errorMessage(error) })),
      },
    );
  };
}
