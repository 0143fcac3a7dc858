import { useTranslation } from 'react-i18next';
import { MonthlyActions } from './day-actions';
import { ExportCsvButton } from './export-button';
import { monthName, monthRange } from './occurrence-values';
import { OccurrencesTable, useDeleteAction, useOccurrencesDay } from './occurrences-table';

/** Monthly Report (docs/product.md §2, admin): the occurrences of the chosen day's month, with the notes. */
export function MonthlyReportList() {
  const { t, i18n } = useTranslation();
  const { admin, zone, day, setDay } = useOccurrencesDay();
  const deleteAction = useDeleteAction('items.Event occurrence');
  const month = monthName(day, i18n.language);
  const { from, to } = monthRange(day);

  return (
    <OccurrencesTable
      title={t('nav.monthlyReport')}
      description={t('occurrences.monthlyDescription')}
      emptyText={t('occurrences.emptyMonth')}
      day={day}
      zone={zone}
      onDayChange={setDay}
      period="month"
      withNotes
      rowActions={admin ? (row) => [deleteAction(row)] : undefined}
      headerAction={admin ? <ExportCsvButton from={from} to={to} zone={zone} /> : null}
      heading={
        <h2 className="flex h-9 items-center text-lg font-semibold text-slate-900" data-testid="report-month">
          {month}
        </h2>
      }
      footer={admin ? <MonthlyActions day={day} zone={zone} month={month} /> : null}
    />
  );
}
