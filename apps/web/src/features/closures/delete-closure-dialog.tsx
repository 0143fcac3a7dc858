import type { Closure } from '@ritim/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { errorMessage } from '../../api/errors';
import { Spinner } from '../../components/spinner';
import { TitledDialog } from '../../components/titled-dialog';
import { buttonClass } from '../../components/ui';
import { useDeleteClosure } from './api';
import { NotifyOption } from './notify-option';

/**
 * Delete on the Closures list (docs/domain.md#closures): says how many sessions come back and, when
 * some do, offers to tell their guests as closing the days offered to tell them of the
 * cancellation; then deletes. The server's refusal is shown here.
 */
export function DeleteClosureDialog({ closure, onClose }: { closure: Closure | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <TitledDialog
      open={closure !== null}
      onClose={onClose}
      title={closure ? t('closures.deleteTitle', { title: closure.title }) : t('common.delete')}
      testId="delete-closure-dialog"
    >
      {closure && <DeleteClosureForm key={closure.id} closure={closure} onClose={onClose} />}
    </TitledDialog>
  );
}

function DeleteClosureForm({ closure, onClose }: { closure: Closure; onClose: () => void }) {
  const { t } = useTranslation();
  const deleteClosure = useDeleteClosure();
  const [notify, setNotify] = useState(false);
  const comesBack = closure.cancelledCount > 0;

  const submit = () =>
    deleteClosure.mutate(
      { closure, notify: comesBack && notify },
      {
        onSuccess: () => {
          toast.success(t(comesBack && notify ? 'closures.deletedTold' : 'closures.deleted', { title: closure.title }));
          onClose();
        },
      },
    );

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {comesBack ? t('closures.deleteRestores', { count: closure.cancelledCount }) : t('closures.deleteRestoresNone')}
      </p>
      {comesBack && (
        <NotifyOption
          label={t('closures.tellGuestsBack')}
          hint={t('closures.tellGuestsBackHint')}
          checked={notify}
          disabled={deleteClosure.isPending}
          onChange={setNotify}
        />
      )}
      {deleteClosure.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage(deleteClosure.error, t('list.deleteFailed'))}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-3">
        <button type="button" className={`${buttonClass.secondary} min-h-11`} onClick={onClose}>
          {t('closures.keep')}
        </button>
        <button
          type="button"
          className={`${buttonClass.danger} min-h-11`}
          onClick={submit}
          disabled={deleteClosure.isPending}
          aria-busy={deleteClosure.isPending || undefined}
        >
          {deleteClosure.isPending && <Spinner />}
          {t('closures.deleteConfirm')}
        </button>
      </div>
    </div>
  );
}
