import { errorMessage } from '../../api/errors';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { Spinner } from '../../components/spinner';
import { buttonClass } from '../../components/ui';
import { downloadOccurrencesCsv } from './api';

/**
 * 'Export CSV' (admins): downloads the sessions of `from`..`to` in `zone` as the list shows them,
 * busy while the file comes, a red toast with the server's reason when it does not.
 */
export function ExportCsvButton({ from, to, zone }: { from: string; to: string; zone: string }) {
  const { t } = useTranslation();
  const exportCsv = useMutation({
    mutationFn: () => downloadOccurrencesCsv({ from, to, timezone: zone }),
    onError: (error) => toast.error(t('occurrences.exportFailed', { error: errorMessage(error) })),
  });
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={exportCsv.isPending}
      aria-busy={exportCsv.isPending || undefined}
      onClick={() => exportCsv.mutate()}
    >
      {exportCsv.isPending && <Spinner />}
      {t('occurrences.exportCsv')}
    </button>
  );
}
