import { errorMessage } from '../../api/errors';
import { DEFAULT_TIMEZONE, type MessageLog } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { useSession } from '../../auth/session-store';
import type { Column } from '../../components/data-table';
import { ListPage, type ListQuery } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { StatusBadge } from '../../components/status-badge';
import { translateMessage } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { fullName } from '../../lib/names';
import { DayPicker, useDayParam } from '../../components/day-picker';
import { messageLogListQuery } from '../../api/message-logs';
import { useRetryMessage } from './api';

/**
 * Message Log (docs/product.md §2, admin): the messages queued on a day with their status; a failed one shows
 * why, and Retry really puts it back on the queue (the page follows it until it is sent or fails).
 */
export function MessageLogsList() {
  const { t } = useTranslation();
  const { user } = useSession();
  const zone = user?.timezone ?? DEFAULT_TIMEZONE;
  const [day, setDay] = useDayParam(zone);
  const retry = useRetryMessage();

  const columns: Column<MessageLog>[] = [
    { key: 'id', header: t('common.number'), cell: (row) => row.id, className: 'w-16 tabular-nums' },
    {
      key: 'event',
      header: t('items.Event'),
      cell: (row) => (
        <span className="font-medium text-slate-900">
          {row.eventOccurrence?.event.title ?? (row.month ? t('messaging.monthOf', { month: row.month }) : '—')}
        </span>
      ),
      className: 'min-w-32 whitespace-normal!',
    },
    {
      key: 'occurrenceDate',
      header: t('messaging.occurrenceDate'),
      cell: (row) =>
        row.eventOccurrence
          ? formatDateTime(row.eventOccurrence.occurrenceDate, row.eventOccurrence.event.timezone)
          : '—',
      // Date over time when the table is tight, so the Message and the row menu stay in view.
      className: 'tabular-nums whitespace-normal!',
    },
    {
      key: 'guests',
      header: t('common.guests'),
      cell: (row) => (
        <>
          {row.guests.map((guest) => fullName(guest)).join(', ')}
          {row.recipient.kind === 'group' && (
            <span className="block text-xs text-slate-500">
              {t('messaging.recipient', { name: row.recipient.name })}
            </span>
          )}
        </>
      ),
      className: 'whitespace-normal!',
    },
    {
      key: 'type',
      header: t('messaging.type'),
      cell: (row) => t(`messaging.types.${row.type}`),
      className: 'whitespace-normal!',
    },
    {
      key: 'status',
      header: t('common.status'),
      cell: (row) => (
        <div className="min-w-32 space-y-1" data-testid="message-status">
          <StatusBadge status={row.status} className="inline-block">
            {t(`messaging.statuses.${row.status}`)}
          </StatusBadge>
          {row.status === 'failed' && row.error && (
            <p className="text-xs break-words whitespace-normal text-red-700">{translateMessage(row.error)}</p>
          )}
        </div>
      ),
    },
    {
      key: 'message',
      header: t('messaging.message'),
      cell: (row) => <p className="min-w-40 text-sm break-words whitespace-pre-line text-slate-700">{row.message}</p>,
      className: 'max-w-md whitespace-normal!',
    },
  ];

  const rowActions = (row: MessageLog): RowAction[] =>
    row.status === 'failed'
      ? [
          {
            label: t('messaging.retry'),
            onSelect: () =>
              retry.mutate(row.id, {
                onSuccess: (result) => toast.success(translateMessage(result)),
                onError: (error) => toast.error(errorMessage(error)),
              }),
          },
        ]
      : [];

  const query = (request: ListQuery) =>
    messageLogListQuery({ limit: request.limit, offset: request.offset, q: request.q, date: day, timezone: zone });

  return (
    <ListPage
      title={t('messaging.logTitle')}
      description={t('messaging.logDescription')}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => `${t('common.number')} ${row.id}`}
      rowActions={rowActions}
      emptyText={t('messaging.emptyLog')}
      toolbar={<DayPicker day={day} zone={zone} unit="day" onChange={setDay} />}
    />
  );
}
