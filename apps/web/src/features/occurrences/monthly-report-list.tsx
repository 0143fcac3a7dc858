import { useTranslation } from 'react-i18next';
import { MonthlyActions } from './day-actions';
import { monthName } from './occurrence-values';
import { OccurrencesTable, useDeleteAction, useOccurrencesDay } from './occurrences-table';

/** Monthly Report (spec §2, admin): the occurrences of the chosen day's month, with the notes. */
export function MonthlyReportList() {
  const { t, i18n } = useTranslation();
  const { admin, zone, day, setDay } = useOccurrencesDay();
  const deleteAction = useDeleteAction('occurrences.occurrenceItem');
  const month = monthName(day, i18n.language);

  return (
    <OccurrencesTable
      title={t('occurrences.monthlyTitle')}
      description={t('occurrences.monthlyDescription')}
      emptyText={t('occurrences.emptyMonth')}
      day={day}
      zone={zone}
      onDayChange={setDay}
      period="month"
      withNotes
      rowActions={admin ? (row) => [deleteAction(row)] : undefined}
      heading={
        <h2 className="flex h-9 items-center text-lg font-semibold text-slate-900" data-testid="report-month">
          {month}
        </h2>
      }
      footer={admin ? <MonthlyActions day={day} zone={zone} month={month} /> : null}
    />
  );
}
