import { errorMessage } from '../../api/errors';
import { EVENT_SORTS, type Event, type SortOption } from '@ritim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { confirmAction } from '../../components/confirm';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { formatDateTime } from '../../lib/dates';
import { deleteEvent, eventKeys, eventListQuery } from './api';
import { fullName } from '../../lib/names';
import { ruleDaysText } from './rule-days';

const sortLabelKeys = {
  name: 'common.sortByName',
  date: 'common.sortByDate',
  status: 'common.sortByStatus',
} as const;

/** At most this many guests are named in a row, then an ellipsis. */
export const GUESTS_SHOWN = 4;

/** The active guests' names, the first four, then '…' when there are more. */
export function guestNames(guests: Event['guests']): string {
  const active = guests.filter((guest) => guest.status === 'active').map(fullName);
  return active.length > GUESTS_SHOWN ? `${active.slice(0, GUESTS_SHOWN).join(', ')}, …` : active.join(', ');
}

/** The row menu's Delete: confirm, delete (or archive, when the event has history), toast, refetch. */
function useDeleteEvent() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deleteEvent,
    onSuccess: async ({ archived }, event) => {
      toast.success(t(archived ? 'events.archivedInstead' : 'list.deleted', { name: event.title }));
      await queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
    onError: (error) => toast.error(errorMessage(error, t('list.deleteFailed'))),
  });
  return (event: Event) => {
    if (!confirmAction(t('list.confirmDelete'))) return;
    mutation.mutate(event);
  };
}

/**
 * Events (docs/product.md §2): Id, Title, Next Occurrence (in the organiser's zone), Days, Location,
 * Organiser, Guests (active ones, at most four), Create User; 'Recurring Events' filter.
 */
export function EventsList() {
  const { t } = useTranslation();
  const deleteRow = useDeleteEvent();
  const sortOptions: SortOption[] = EVENT_SORTS.map((value) => ({ value, label: t(sortLabelKeys[value]) }));

  const columns: Column<Event>[] = [
    { key: 'id', header: t('common.number'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    {
      key: 'title',
      header: t('common.title'),
      cell: (row) => <span className="font-medium text-slate-900">{row.title}</span>,
    },
    {
      key: 'nextOccurrence',
      header: t('events.nextOccurrence'),
      cell: (row) => formatDateTime(row.nextOccurrence, row.organiser.timezone || undefined),
      className: 'whitespace-nowrap tabular-nums',
    },
    // In the screen's language (the server's text is English).
    { key: 'days', header: t('events.days'), cell: (row) => ruleDaysText(row.rrule, t) ?? row.rruleByDayText },
    { key: 'location', header: t('items.Location'), cell: (row) => row.location.name },
    { key: 'organiser', header: t('common.organiser'), cell: (row) => fullName(row.organiser) },
    { key: 'guests', header: t('common.guests'), cell: (row) => guestNames(row.guests), className: 'max-w-xs' },
    { key: 'createUser', header: t('common.createUser'), cell: (row) => row.user?.username ?? '' },
  ];

  const rowActions = (row: Event): RowAction[] => [
    { label: t('common.edit'), to: `/events/${row.id}/edit` },
    { label: t('common.delete'), onSelect: () => deleteRow(row), tone: 'danger' },
  ];

  return (
    <ListPage
      title={t('nav.events')}
      description={t('events.description')}
      query={eventListQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.title}
      sortOptions={sortOptions}
      filter={{ name: 'recurringEvents', label: t('events.recurringEvents') }}
      rowActions={rowActions}
      createAction={{ to: '/events/create', label: t('events.create') }}
    />
  );
}
