import type { EventOccurrence } from '@ritim/shared';
import { useTranslation } from 'react-i18next';

/**
 * A cancelled session's reason, under its title (lists) or in its details. A file of its own, so a
 * screen that only shows it (Home) does not load the cancel dialog and the contracts it checks with.
 */
export function CancellationReason({ occurrence }: { occurrence: Pick<EventOccurrence, 'cancellation'> }) {
  const { t } = useTranslation();
  if (!occurrence.cancellation) return null;
  return (
    <span className="block text-xs font-normal break-words text-slate-600" data-testid="cancellation-reason">
      {t('cancellation.because', { reason: occurrence.cancellation.reason })}
    </span>
  );
}
