import type { ReactNode } from 'react';

/** The colours of every status shown as a badge, in one place, so a status reads the same on every screen. */
const statusColours = {
  // Occurrences.
  scheduled: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  approved: 'bg-green-50 text-green-700 ring-green-600/20',
  completed: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  cancelled: 'bg-red-50 text-red-700 ring-red-600/20 line-through',
  // Messages.
  queued: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  sending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  sent: 'bg-green-50 text-green-700 ring-green-600/20',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
  // Users.
  active: 'bg-green-50 text-green-700 ring-green-600/20',
  inactive: 'bg-slate-100 text-slate-600 ring-slate-500/20',
  // Invoices.
  draft: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  issued: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  void: 'bg-slate-100 text-slate-600 ring-slate-500/20 line-through',
} as const;

export type BadgeStatus = keyof typeof statusColours;

/** A status's colour classes, for what shows a status without being a badge (the calendar's sessions). */
export const statusColourClasses = (status: BadgeStatus): string => statusColours[status];

const shapes = {
  /** In a table cell. */
  pill: 'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
  /** Beside a line of text (Home's dashboards). */
  tag: 'inline-flex shrink-0 items-center rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset',
};

/** A status as a coloured badge; `children` is its translated name. */
export function StatusBadge({
  status,
  shape = 'pill',
  className,
  children,
}: {
  status: BadgeStatus;
  shape?: keyof typeof shapes;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`${className ? `${className} ` : ''}${shapes[shape]} ${statusColours[status]}`}>{children}</span>
  );
}
