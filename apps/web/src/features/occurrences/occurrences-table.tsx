import { DEFAULT_TIMEZONE, type EventOccurrence } from '@ritim/shared';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { occurrenceListQuery, useDeleteOccurrence } from '../../api/occurrences';
import { isAdmin } from '../../auth/roles';
import { useSession } from '../../auth/session-store';
import { AttendanceBadge, RsvpBadge } from '../../entities/occurrence/attendance-badge';
import { useConfirmRestore } from '../../entities/occurrence/restore-occurrence';
import { Widget } from '../../lib/widgets';
import { CancellationReason } from '../../entities/occurrence/cancellation-reason';
import { CoverLine } from '../../entities/occurrence/cover-line';
import { MakeupBadge } from '../../entities/occurrence/makeup-badge';
import type { Column } from '../../components/data-table';
import { DayPicker, useDayParam } from '../../components/day-picker';
import { ListPage, type ListQuery } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { StatusBadge } from '../../components/status-badge';
import { useConfirmedDelete } from '../../components/use-delete-item';
import { formatDateTime } from '../../lib/dates';
import { fullName, guestNames, GUESTS_SHOWN, notesLines, organiserZone } from './occurrence-values';

/** What the occurrence screens start from: who is looking, their zone, and the day in the URL. */
export function useOccurrencesDay() {
  const { user, role } = useSession();
  const zone = user?.timezone ?? DEFAULT_TIMEZONE;
  const [day, setDay] = useDayParam(zone);
  return { role, admin: isAdmin(role), zone, day, setDay };
}

/** The row menu's Delete (admins), naming the item in its toasts as `itemKey` says. */
export function useDeleteAction(itemKey: 'occurrences.upcomingItem' | 'items.Event occurrence') {
  const { t } = useTranslation();
  const deleteRow = useConfirmedDelete(
    useDeleteOccurrence(),
    (row: EventOccurrence) => row.id,
    () => t(itemKey),
  );
  return (row: EventOccurrence): RowAction => ({
    label: t('common.delete'),
    onSelect: () => deleteRow(row),
    tone: 'danger',
  });
}

/**
 * The row menu's 'Edit series from here' (admins): Edit Event, saving for this and the following
 * occurrences or for all. Not for a completed occurrence (history stays as it is), an archived event
 * or a single one.
 */
export function useEditSeriesAction() {
  const { t } = useTranslation();
  return (row: EventOccurrence): RowAction[] =>
    row.status === 'completed' || row.event.status !== 'active' || row.event.doesNotRepeat
      ? []
      : [{ label: t('common.editSeriesFromHere'), to: `/events/${row.eventId}/edit?from=${row.id}` }];
}

/**
 * The row menu's 'Cancel session' or 'Restore' (admins; not for a completed session), and the
 * dialog 'Cancel session' opens (docs/domain.md#cancellation).
 */
export function useCancellationActions() {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState<EventOccurrence | null>(null);
  const restore = useConfirmRestore();
  const actions = (row: EventOccurrence): RowAction[] => {
    if (row.status === 'completed') return [];
    return row.status === 'cancelled'
      ? [{ label: t('common.restore'), onSelect: () => restore(row) }]
      : [{ label: t('cancellation.cancel'), onSelect: () => setCancelling(row), tone: 'danger' }];
  };
  const dialog = <Widget name="CancelOccurrenceDialog" occurrence={cancelling} onClose={() => setCancelling(null)} />;
  return { actions, dialog };
}

function useColumns(withNotes: boolean): Column<EventOccurrence>[] {
  const { t } = useTranslation();
  const columns: Column<EventOccurrence>[] = [
    { key: 'id', header: t('common.number'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    {
      key: 'title',
      header: t('common.title'),
      // A cancelled session stays listed, struck through, with its reason under it.
      cell: (row) =>
        row.status === 'cancelled' ? (
          <>
            <s className="font-medium text-slate-500" data-testid="cancelled-title">
              {row.event.title}
            </s>
            <MakeupBadge makeupOf={row.makeupOf} />
            <CancellationReason occurrence={row} />
          </>
        ) : (
          <>
            <span className="font-medium text-slate-900">{row.event.title}</span>
            <MakeupBadge makeupOf={row.makeupOf} />
          </>
        ),
      // Title, organiser, guests and notes may wrap, so the table fits beside the sidebar.
      className: 'whitespace-normal!',
    },
    {
      key: 'occurrenceDate',
      header: t('occurrences.occurrenceDate'),
      // In the organiser's zone: the time the session is set at, wherever the reader is.
      cell: (row) => formatDateTime(row.occurrenceDate, organiserZone(row)),
      className: 'tabular-nums',
    },
    {
      key: 'organiser',
      header: t('common.organiser'),
      cell: (row) => (
        <>
          {fullName(row.event.organiser)}
          <CoverLine cover={row.cover} className="block" />
        </>
      ),
      className: 'whitespace-normal!',
    },
    {
      key: 'guests',
      header: t('common.guests'),
      // A line breaks between names, never inside one (but on a phone's card, which is narrower than
      // a long name); each guest's mark follows their name.
      cell: (row) =>
        guestNames(row.guests).map((name, index) => (
          <Fragment key={index}>
            {index > 0 && ', '}
            <span className="sm:whitespace-nowrap">
              {name}
              {index < GUESTS_SHOWN && <RsvpBadge response={row.guests[index]?.rsvp} />}
              {index < GUESTS_SHOWN && <AttendanceBadge status={row.guests[index]?.attendance} />}
            </span>
          </Fragment>
        )),
      className: 'whitespace-normal!',
    },
  ];
  if (withNotes) {
    columns.push({
      key: 'notes',
      header: t('occurrences.notes'),
      cell: (row) => (
        <ul className="space-y-1">
          {notesLines(row.formSubmissions).map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ),
      className: 'min-w-40 max-w-md whitespace-normal!',
    });
  }
  columns.push({
    key: 'status',
    header: t('common.status'),
    cell: (row) => <StatusBadge status={row.status}>{t(`occurrences.statuses.${row.status}`)}</StatusBadge>,
  });
  return columns;
}

/**
 * The table the three occurrence screens share (docs/product.md §2): the occurrences of the chosen day (or
 * its month), their columns (Notes where the screen shows them), the day picker, searching and
 * paging; each screen adds its title, its row menu and its actions below.
 */
export function OccurrencesTable({
  title,
  description,
  emptyText,
  day,
  zone,
  onDayChange,
  period,
  withNotes,
  rowActions,
  heading,
  headerAction,
  footer,
}: {
  title: string;
  description: string;
  emptyText: string;
  day: string;
  zone: string;
  onDayChange: (day: string) => void;
  /** One day, or the month of `day` (Monthly Report). */
  period: 'day' | 'month';
  withNotes: boolean;
  rowActions?: (row: EventOccurrence) => RowAction[];
  /** Beside the day picker (Monthly Report's month). */
  heading?: ReactNode;
  /** Beside the title (Export CSV). */
  headerAction?: ReactNode;
  footer?: ReactNode;
}) {
  const columns = useColumns(withNotes);
  const query = (request: ListQuery) =>
    occurrenceListQuery({
      limit: request.limit,
      offset: request.offset,
      q: request.q,
      date: day,
      timezone: zone,
      monthly: period === 'month',
      light: true,
    });

  return (
    <ListPage
      title={title}
      description={description}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => `${row.event.title} ${formatDateTime(row.occurrenceDate, organiserZone(row))}`}
      rowActions={rowActions}
      emptyText={emptyText}
      headerAction={headerAction}
      toolbar={
        <>
          <DayPicker day={day} zone={zone} unit={period} onChange={onDayChange} />
          {heading}
        </>
      }
      footer={footer}
      // A phone sees each session's status and guests without scrolling sideways.
      cardsOnPhone
    />
  );
}
