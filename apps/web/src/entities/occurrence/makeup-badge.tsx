import type { MakeupOf } from '@ritim/shared';
import { useTranslation } from 'react-i18next';

/** 'Make-up' beside a make-up session's title, everywhere sessions are listed (docs/domain.md#make-ups). */
export function MakeupBadge({ makeupOf }: { makeupOf: MakeupOf | null | undefined }) {
  const { t } = useTranslation();
  if (!makeupOf) return null;
  return (
    <span
      className="ml-1 inline-flex items-center rounded-full bg-violet-50 px-1.5 py-0.5 align-middle text-xs font-medium whitespace-nowrap text-violet-800 ring-1 ring-violet-600/20 ring-inset"
      data-testid="makeup-badge"
    >
      {t('makeup.badge')}
    </span>
  );
}
