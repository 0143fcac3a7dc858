import { useId } from 'react';
import type { Choice } from './form-fields';
import { inputClass } from './ui';

/**
 * A screen's filter by one record or kind (the calendar's organiser, location, guest; the activity's
 * section): a native select whose empty choice means every one.
 */
export function FilterSelect<V extends number | string = number>({
  label,
  emptyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  emptyLabel: string;
  value: V | undefined;
  options: Choice<V>[];
  onChange: (value: V | undefined) => void;
}) {
  const id = useId();
  // An id from a shared link that is no longer offered (an archived place, say) stays choosable.
  const shown =
    value !== undefined && !options.some((option) => option.value === value)
      ? [...options, { value, label: `#${value}` }]
      : options;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(shown.find((option) => String(option.value) === event.target.value)?.value)}
        className={`${inputClass} mt-2 pr-8`}
      >
        <option value="">{emptyLabel}</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
