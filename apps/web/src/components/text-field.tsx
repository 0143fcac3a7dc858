import { useId, type ComponentProps, type ReactNode } from 'react';
import { inputClass } from './ui';

interface FieldProps {
  label: string;
  /** A short help text shown under the field (and read with it). */
  hint?: string;
  /** A validation message shown under the field. */
  error?: string;
}

/** The label, the hint and the validation message around a control, wired up for assistive tech. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  control,
}: FieldProps & {
  id: string;
  className?: string;
  control: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {control({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-2 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldProps & ComponentProps<'input'>;

/** A labelled text input with its hint and validation message (works with react-hook-form's register). */
export function TextField({ label, hint, error, id: givenId, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(aria) => <input id={id} {...aria} className={`${inputClass} mt-2`} {...inputProps} />}
    />
  );
}

type TextAreaFieldProps = FieldProps & ComponentProps<'textarea'>;

/** The multi-line sibling of TextField. */
export function TextAreaField({ label, hint, error, id: givenId, className, ...textareaProps }: TextAreaFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(aria) => <textarea id={id} {...aria} className={`${inputClass} mt-2`} {...textareaProps} />}
    />
  );
}
