import type { AuditLog } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { auditChanges } from '../../lib/audit-sentence';

/**
 * What an audit row changed, field by field (from -> to), behind a native disclosure: a button for
 * the keyboard and for screen readers, closed until asked. Nothing for a row without changes.
 */
export function AuditChanges({ row, zone }: { row: AuditLog; zone: string }) {
  const { t } = useTranslation();
  const changes = auditChanges(row, t, zone);
  if (changes.length === 0) return null;
  return (
    <details className="group text-sm" data-testid="audit-changes">
      <summary className="cursor-pointer rounded text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
        {t('audit.whatChanged')}
      </summary>
      <div className="mt-2 rounded-md bg-slate-50 px-3 py-2 text-slate-700 ring-1 ring-slate-200 ring-inset">
        <dl className="space-y-1">
          {changes.map((change) => (
            <div key={change.field} className="grid gap-x-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <dt className="font-medium text-slate-900 first-letter:uppercase">{change.label}</dt>
              <dd className="wrap-anywhere">
                {change.from} → {change.to}
              </dd>
            </div>
          ))}
        </dl>
        {row.requestId && <p className="pt-1 text-xs text-slate-600">{t('audit.request', { id: row.requestId })}</p>}
      </div>
    </details>
  );
}
