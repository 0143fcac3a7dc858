import { messagingMessages, type EventOccurrence } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { confirmAction } from '../../components/confirm';
import { toastFailure, toastResult } from '../../components/action-toasts';
import type { RowAction } from '../../components/row-menu';
import { translateMessage } from '../../i18n';
import { useSendReport } from '../../api/occurrences';
import { downloadReport } from './api';
import { ReportActions } from './day-actions';
import { ExportCsvButton } from './export-button';
import { reportFileName, reportForms } from './occurrence-values';
import { shownFormTitle } from '../../lib/form-title';
import {
  OccurrencesTable,
  useCancellationActions,
  useDeleteAction,
  useEditSeriesAction,
  useOccurrencesDay,
} from './occurrences-table';

/**
 * Event Occurrences (docs/product.md §2, admin): a day's occurrences, without the notes. Per form with answers
 * on an occurrence the row menu downloads its report or sends it; below, every report of the day
 * goes to the guests at once.
 */
export function EventOccurrencesList() {
  const { t } = useTranslation();
  const { admin, zone, day, setDay } = useOccurrencesDay();
  const deleteAction = useDeleteAction('items.Event occurrence');
  const editSeries = useEditSeriesAction();
  const cancellation = useCancellationActions();

  const send = useSendReport();
  const generateReport = (row: EventOccurrence, formId: number) => {
    downloadReport(formId, row.id, reportFileName(row)).then(
      () => toast.success(translateMessage(messagingMessages.generated)),
      (error: unknown) => toastFailure(error, messagingMessages.generateError, t('errors.unknown')),
    );
  };
  const sendReport = (row: EventOccurrence, form: { id: number; title: string }) => {
    if (!confirmAction(t('messaging.confirmSendReport', { form: shownFormTitle(form, t) }))) return;
    const fallback = translateMessage(messagingMessages.reportFailed);
    send.mutate(
      { eventOccurrenceId: row.id, formId: form.id },
      {
        onSuccess: (result) => toastResult(result, fallback),
        onError: (error) => toastFailure(error, messagingMessages.reportError, fallback),
      },
    );
  };

  const rowActions = (row: EventOccurrence): RowAction[] => [
    // Per form with answers on this occurrence (docs/product.md §2): download its report, or send it.
    ...reportForms(row).flatMap((form): RowAction[] => [
      {
        label: t('messaging.generateReport', { form: shownFormTitle(form, t) }),
        onSelect: () => generateReport(row, form.id),
      },
      { label: t('messaging.sendReport', { form: shownFormTitle(form, t) }), onSelect: () => sendReport(row, form) },
    ]),
    ...editSeries(row),
    ...cancellation.actions(row),
    deleteAction(row),
  ];

  return (
    <>
      <OccurrencesTable
        title={t('nav.eventOccurrences')}
        description={t('occurrences.allDescription')}
        emptyText={t('occurrences.emptyDay')}
        day={day}
        zone={zone}
        onDayChange={setDay}
        period="day"
        withNotes={false}
        rowActions={admin ? rowActions : undefined}
        headerAction={admin ? <ExportCsvButton from={day} to={day} zone={zone} /> : null}
        footer={admin ? <ReportActions day={day} zone={zone} /> : null}
      />
      {cancellation.dialog}
    </>
  );
}
