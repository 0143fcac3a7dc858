import type { ReactNode } from 'react';
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

/** A row's menu; a row with nothing to do gets an empty cell rather than an empty menu. */
function ActionsCell({ label, actions }: { label: string; actions: RowAction[] }) {
  return (
    <td className={`${stickyActions} w-14 bg-white px-3 py-2 text-right group-hover:bg-slate-50`}>
      {actions.length > 0 && <RowMenu label={label} actions={actions} />}
    </td>
  );
}

export function DataTable<T>({ caption, columns, rows, rowKey, rowLabel, rowActions, busy, sort }: DataTableProps<T>) {
  const { t } = useTranslation();
  return (
    // relative: the header's sr-only text is absolutely positioned and would otherwise escape the
    // scroll box and widen the whole page on a narrow screen. Wider columns than the card scroll
    // here, never the page, and the actions column stays visible (stickyActions).
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200" aria-busy={busy || undefined} data-testid="list-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
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
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="group hover:bg-slate-50">
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`px-4 py-3 text-sm whitespace-nowrap text-slate-700 ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
              {rowActions && <ActionsCell label={rowLabel(row)} actions={rowActions(row)} />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
