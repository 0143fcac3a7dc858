import type { SortOption } from '@ritim/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncedState } from './use-synced-state';

interface SortSelectProps {
  options: readonly SortOption[];
  value: string;
  onChange: (value: string) => void;
}

export function SortSelect({ options, value, onChange }: SortSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useSyncedState(value);
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t('list.sort')}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => {
          setShown(event.target.value);
          onChange(event.target.value);
        }}
        data-testid="list-sort"
        className="block w-full rounded-md bg-white py-2 pr-8 pl-3 text-sm text-slate-900 outline-1 -outline-offset-1 outline-slate-300 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:w-auto"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
