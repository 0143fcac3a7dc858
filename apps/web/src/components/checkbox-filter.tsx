import { useId } from 'react';
import { useSyncedState } from './use-synced-state';

interface CheckboxFilterProps {
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxFilter({ name, label, checked, onChange }: CheckboxFilterProps) {
  const id = useId();
  const [shown, setShown] = useSyncedState(checked);
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={shown}
        onChange={(event) => {
          setShown(event.target.checked);
          onChange(event.target.checked);
        }}
        data-testid={`list-filter-${name}`}
        className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      />
      <label htmlFor={id} className="text-sm text-slate-700 select-none">
        {label}
      </label>
    </div>
  );
}
