import { DEFAULT_TIMEZONE, type AuditEntityType } from '@ritim/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { auditHistoryQuery } from '../../api/audit-logs';
import { isAdmin } from '../../auth/roles';
import { useSession } from '../../auth/session-store';
import { auditSentence } from '../../lib/audit-sentence';
import { dateTimeIn } from '../../lib/wall-clock';
import { AuditChanges } from './audit-changes';
import { Spinner } from '../../components/spinner';
import { buttonClass, cardClass } from '../../components/ui';

/**
 * A record's History (docs/domain.md#audit-log): its audit rows in words, newest first, a page at a
 * time. Admins only: the log is theirs (the server refuses anyone else), so others see nothing.
 */
export function HistoryPanel({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const { role } = useSession();
  if (!isAdmin(role)) return null;
  return <History entityType={entityType} entityId={entityId} />;
}

function History({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const zone = user?.timezone ?? DEFAULT_TIMEZONE;
  const headingId = useId();
  const history = useInfiniteQuery(auditHistoryQuery(entityType, entityId));
  const rows = history.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (history.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-500 sm:px-6">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  } else if (history.isError && rows.length === 0) {
    body = (
      <p role="alert" className="px-4 py-6 text-sm text-red-700 sm:px-6">
        {t('audit.historyFailed', { error: errorMessage(history.error) })}
      </p>
    );
  } else if (rows.length === 0) {
    body = <p className="px-4 py-6 text-sm text-slate-600 sm:px-6">{t('audit.historyEmpty')}</p>;
  } else {
    body = (
      <ol className="divide-y divide-slate-100" data-testid="history-rows">
        {rows.map((row) => (
          <li key={row.id} className="space-y-1 px-4 py-3 text-sm sm:px-6">
            <p className="text-slate-900" data-testid="audit-sentence">
              {auditSentence(row, t, { zone, language: i18n.language })}
            </p>
            <p className="text-xs text-slate-600 tabular-nums">
              <time dateTime={row.at}>{dateTimeIn(row.at, zone)}</time>
            </p>
            <AuditChanges row={row} zone={zone} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass} data-testid="history-panel">
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {t('audit.history')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('audit.historyDescription')}</p>
      </div>
      {body}
      {history.isFetchNextPageError && (
        <p role="alert" className="px-4 pb-3 text-sm text-red-700 sm:px-6">
          {t('audit.historyFailed', { error: errorMessage(history.error) })}
        </p>
      )}
      {history.hasNextPage && (
        <div className="border-t border-slate-200 px-4 py-3 sm:px-6">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage && <Spinner />}
            {t('audit.showMore')}
          </button>
        </div>
      )}
    </section>
  );
}
