import type { ReactNode } from 'react';

/**
 * A read-only list of names as chips under a heading (a group's forms, a message group's members),
 * `empty` when there are none and a `hint` below: where they are changed.
 */
export function ChipList({
  title,
  items,
  empty,
  hint,
  testId,
}: {
  title: string;
  items: readonly { id: number; label: ReactNode }[];
  empty: string;
  hint: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <h3 className="text-sm font-medium text-slate-900">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {items.map((item) => (
            <li
              key={item.id}
              className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset"
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-500">{hint}</p>
    </div>
  );
}
