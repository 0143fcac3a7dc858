import type { OccurrenceCover } from '@ritim/shared';
import { useTranslation } from 'react-i18next';

/**
 * "Covered by X (for Y)" under a covered session wherever it is listed (docs/domain.md#cover): the
 * substitute who organises it now and whose it was. Nothing for a session without cover.
 */
export function CoverLine({ cover, className = '' }: { cover: OccurrenceCover | null; className?: string }) {
  const { t } = useTranslation();
  if (!cover) return null;
  return (
    <span className={`text-sm text-indigo-800 ${className}`} data-testid="cover-line">
      {t('cover.coveredBy', { name: cover.organiser.name, original: cover.originalOrganiser.name })}
    </span>
  );
}
