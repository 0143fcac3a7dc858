import type { TimeOff } from '@ritim/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useSession } from '../../auth/session-store';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { TitledDialog } from '../../components/titled-dialog';
import { buttonClass } from '../../components/ui';
import { formatDay } from '../../lib/dates';
import { timeOffListQuery, useDeleteTimeOff } from './api';

/** A time off's days as the list and the plan say them: one day, or first – last. */
export function useTimeOffDays() {
  const { i18n } = useTranslation();
  return (timeOff: Pick<TimeOff, 'from' | 'to'>) =>
    timeOff.from === timeOff.to
      ? formatDay(timeOff.from, i18n.language)
      : `${formatDay(timeOff.from, i18n.language)} – ${formatDay(timeOff.to, i18n.language)}`;
}

/**
 * /time-off (docs/domain.md#time-off): whose, which days and why; admins read everyone's and open
 * each one's cover plan, editors read their own (the server decides). Delete asks first.
 */
export function TimeOffList() {
  const { t } = useTranslation();
  const { role } = useSession();
  const days = useTimeOffDays();
  const [deleting, setDeleting] = useState<TimeOff | null>(null);

  const columns: Column<TimeOff>[] = [
    { key: 'user', header: t('items.User'), cell: (row) => <span className="font-medium">{row.user.name}</span> },
    { key: 'days', header: t('events.days'), cell: days },
    { key: 'reason', header: t('cancellation.reason'), cell: (row) => row.reason ?? t('cover.noReason') },
  ];

  const rowActions = (row: TimeOff): RowAction[] => [
    ...(role === 'admin' ? [{ label: t('cover.coverPlan'), to: `/time-off/${row.id}/cover-plan` }] : []),
    { label: t('common.delete'), onSelect: () => setDeleting(row), tone: 'danger' as const },
  ];

  return (
    <>
      <ListPage
        title={t('nav.timeOff')}
        description={t('cover.timeOffDescription')}
        query={timeOffListQuery}
        columns={columns}
        rowKey={(row) => row.id ?? 0}
        rowLabel={(row) => `${row.user.name}, ${days(row)}`}
        rowActions={rowActions}
        createAction={{ to: '/time-off/create', label: t('cover.newTimeOff') }}
        emptyText={t('cover.empty')}
        searchable={false}
        cardsOnPhone
      />
      <DeleteTimeOffDialog timeOff={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** Delete on the list: asks first, says the covers given stay, and shows the server's refusal in place. */
function DeleteTimeOffDialog({ timeOff, onClose }: { timeOff: TimeOff | null; onClose: () => void }) {
  const { t } = useTranslation();
  const deleteTimeOff = useDeleteTimeOff();
  const close = () => {
    deleteTimeOff.reset();
    onClose();
  };
  const submit = (shown: TimeOff) =>
    deleteTimeOff.mutate(shown, {
      onSuccess: () => {
        toast.success(t('cover.deleted', { name: shown.user.name }));
        close();
      },
    });

  return (
    <TitledDialog
      open={timeOff !== null}
      onClose={close}
      title={timeOff ? t('cover.deleteTitle', { name: timeOff.user.name }) : t('common.delete')}
      testId="delete-time-off-dialog"
    >
      {timeOff && (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{t('cover.deleteHint')}</p>
          {deleteTimeOff.isError && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {errorMessage(deleteTimeOff.error, t('list.deleteFailed'))}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-3">
            <button type="button" className={`${buttonClass.secondary} min-h-11`} onClick={close}>
              {t('cover.keep')}
            </button>
            <button
              type="button"
              className={`${buttonClass.danger} min-h-11`}
              onClick={() => submit(timeOff)}
              disabled={deleteTimeOff.isPending}
              aria-busy={deleteTimeOff.isPending || undefined}
            >
              {deleteTimeOff.isPending && <Spinner />}
              {t('cover.deleteConfirm')}
            </button>
          </div>
        </div>
      )}
    </TitledDialog>
  );
}
