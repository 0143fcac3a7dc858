import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RowMenu, type RowAction } from './row-menu';

/** A table column: its header and how a row shows in it. */
export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for the cells (alignment, width). */
  className?: string;
  /** Whether its header sorts the table (with `sort` on the table). */
  sortable?: boolean;
}

/** A table sorted by one column, in the screen's state: a sortable header asks `onSort` to change it. */
export interface TableSort {
  key: string;
  descending: boolean;
  onSort: (key: string) => void;
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowLabel: (row: T) => string;
  rowActions?: (row: T) => RowAction[];
  busy?: boolean;
  sort?: TableSort;
  /**
   * On a phone (below 640 px), each row as a card of its cells, one a line with its column's name,
   * instead of a table wider than the screen whose last columns are scrolled out of sight.
   */
  cardsOnPhone?: boolean;
}

/**
 * The actions column stays in view: when the columns are wider than the card, the table scrolls
 * inside it and this column sticks to its right edge (with a hairline so the rows pass under it).
 */
const stickyActions = 'sticky right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]';

/** A sortable column's header: a button naming the sort it would apply, the current one as aria-sort. */
function SortButton({
  header,
  active,
  descending,
  onClick,
}: {
  header: string;
  active: boolean;
  descending: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {header}
      <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
        {active && descending ? '▼' : '▲'}
      </span>
    </button>
  );
}

/** A phone's card: the rows and cells are blocks, each cell a line with its header's name before it. */
const cards = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:relative max-sm:block max-sm:px-4 max-sm:py-3',
  cell: 'max-sm:flex max-sm:items-baseline max-sm:w-auto max-sm:max-w-none max-sm:min-w-0 max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-left max-sm:break-words max-sm:whitespace-normal',
  // The first line leaves room for the menu in the card's top right corner.
  first: 'max-sm:min-h-10 max-sm:pr-12',
  // The menu sits in the card's top right corner.
  actions:
    'max-sm:absolute max-sm:top-2 max-sm:right-2 max-sm:w-auto max-sm:bg-transparent max-sm:p-0 max-sm:shadow-none',
};

/** Tailwind's `max-sm`: where `cardsOnPhone` shows each row as a card. */
const PHONE = '(width < 40rem)';
const phoneQuery = () => (typeof window === 'undefined' ? undefined : window.matchMedia?.(PHONE));
const onPhoneChange = (change: () => void) => {
  const query = phoneQuery();
  query?.addEventListener('change', change);
  return () => query?.removeEventListener('change', change);
};

/**
 * Whether the window is a phone's. A card's column names are in the page only then, so a wider
 * table's cells hold their values alone (as a copy or a test reads them).
 */
function usePhone(enabled: boolean): boolean {
  const phone = useSyncExternalStore(onPhoneChange, () => phoneQuery()?.matches ?? false);
  return enabled && phone;
}

/** A row's menu; a row with nothing to do gets an empty cell rather than an empty menu. */
function ActionsCell({ label, actions, card }: { label: string; actions: RowAction[]; card: boolean }) {
  return (
    <td
      className={`${stickyActions} w-14 bg-white px-3 py-2 text-right group-hover:bg-slate-50 ${card ? cards.actions : ''}`}
    >
      {actions.length > 0 && <RowMenu label={label} actions={actions} />}
    </td>
  );
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  rowActions,
  busy,
  sort,
  cardsOnPhone = false,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const card = (part: keyof typeof cards) => (cardsOnPhone ? ` ${cards[part]}` : '');
  const labelled = usePhone(cardsOnPhone);
  return (
    // relative: the header's sr-only text is absolutely positioned and would otherwise escape the
    // scroll box and widen the whole page on a narrow screen. Wider columns than the card scroll
    // here, never the page, and the actions column stays visible (stickyActions).
    <div className="relative overflow-x-auto">
      <table
        className={`min-w-full divide-y divide-slate-200${card('table')}`}
        aria-busy={busy || undefined}
        data-testid="list-table"
      >
        <caption className="sr-only">{caption}</caption>
        <thead className={`bg-slate-50${card('head')}`}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={
                  sort && column.sortable && sort.key === column.key
                    ? sort.descending
                      ? 'descending'
                      : 'ascending'
                    : undefined
                }
                className={`px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase ${column.className ?? ''}`}
              >
                {sort && column.sortable ? (
                  <SortButton
                    header={column.header}
                    active={sort.key === column.key}
                    descending={sort.descending}
                    onClick={() => sort.onSort(column.key)}
                  />
                ) : (
                  column.header
                )}
              </th>
            ))}
            {rowActions && (
              <th scope="col" className={`${stickyActions} w-14 bg-slate-50 px-3 py-3`}>
                <span className="sr-only">{t('list.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 bg-white${card('body')}`}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={`group hover:bg-slate-50${card('row')}`}>
              {columns.map((column, index) => (
                <td
                  key={column.key}
                  className={`px-4 py-3 text-sm whitespace-nowrap text-slate-700 ${column.className ?? ''}${card('cell')}${index === 0 ? card('first') : ''}`}
                >
                  {cardsOnPhone ? (
                    <>
                      {/* The header's name, for the eye: the cell's own name stays its value. */}
                      {labelled && (
                        <span aria-hidden="true" className="w-24 shrink-0 text-xs font-semibold text-slate-500">
                          {column.header}
                        </span>
                      )}
                      <div className="min-w-0">{column.cell(row)}</div>
                    </>
                  ) : (
                    column.cell(row)
                  )}
                </td>
              ))}
              {rowActions && <ActionsCell label={rowLabel(row)} actions={rowActions(row)} card={cardsOnPhone} />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
