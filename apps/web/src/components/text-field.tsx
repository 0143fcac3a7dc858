import { useId, type ComponentProps } from 'react';
import { inputClass } from './ui';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** A validation message shown under the field. */
  error?: string;
}

/** A labelled text input with its validation message (works with react-hook-form's register). */
export function TextField({ label, error, id: givenId, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} mt-2`}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
