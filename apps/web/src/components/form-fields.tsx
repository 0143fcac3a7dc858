import { useTranslation } from 'react-i18next';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useController, useFormContext, type FieldValues } from 'react-hook-form';
import { translateMessage } from '../i18n';
import { Field, TextAreaField, TextField } from './text-field';
import { inputClass } from './ui';

/**
 * Field components bound to the surrounding form (react-hook-form's FormProvider, which
 * EntityForm and FormCard set up): a field names its value and gets its registration, its
 * validation message (translated) and its label wiring from the form. Every one is a native
 * control, so the keyboard works as everywhere else.
 */

interface BoundProps {
  /** The value's path in the form (`name`, `groupIds`, `options.0.label`). */
  name: string;
  label: string;
  hint?: string;
  className?: string;
}

/** The translated validation message of a field, if it has one. */
function useFieldError(name: string): string | undefined {
  const { getFieldState, formState } = useFormContext();
  const message = getFieldState(name, formState).error?.message;
  return message ? translateMessage(message) : undefined;
}

type InputProps = BoundProps & Omit<ComponentProps<'input'>, 'name'>;

/** A text input (or email, tel, password, url: pass `type`). */
export function TextInput({ name, ...props }: InputProps) {
  const { register } = useFormContext();
  return <TextField error={useFieldError(name)} {...props} {...register(name)} />;
}

/** A record's Name, its form's first field: required, focused, at most `maxLength` characters. */
export function NameInput({ placeholder, maxLength }: { placeholder: string; maxLength: number }) {
  const { t } = useTranslation();
  return (
    <TextInput
      name="name"
      label={t('common.name')}
      placeholder={placeholder}
      required
      autoFocus
      maxLength={maxLength}
    />
  );
}

/** A multi-line text input. */
export function TextAreaInput({ name, rows = 3, ...props }: BoundProps & Omit<ComponentProps<'textarea'>, 'name'>) {
  const { register } = useFormContext();
  return <TextAreaField error={useFieldError(name)} rows={rows} {...props} {...register(name)} />;
}

/** A number input; an empty box is `undefined`, anything else a number (the schema judges it). */
export function NumberInput({ name, ...props }: InputProps) {
  const { register } = useFormContext();
  return (
    <TextField
      type="number"
      inputMode="numeric"
      error={useFieldError(name)}
      {...props}
      {...register(name, {
        setValueAs: (value: unknown) => (value === '' || value == null ? undefined : Number(value)),
      })}
    />
  );
}

/** A date (`yyyy-MM-dd`), a local date-time (`yyyy-MM-ddTHH:mm`) or a time of day (`HH:mm`). */
export function DateInput(props: InputProps) {
  return <TextInput type="date" {...props} />;
}
export function DateTimeInput(props: InputProps) {
  return <TextInput type="datetime-local" {...props} />;
}
export function TimeInput(props: InputProps) {
  return <TextInput type="time" {...props} />;
}

export interface Choice<V extends string | number = string | number> {
  value: V;
  label: string;
  /** A second line under the label (checkbox and radio lists). */
  description?: string;
}

interface SelectInputProps extends BoundProps {
  options: readonly Choice[];
  /** The first, empty choice (for an optional value); its value is `null`. */
  emptyLabel?: string;
  /** Read the chosen value as a number (ids). */
  numeric?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** A native select. With `emptyLabel` the empty choice means `null`. */
export function SelectInput({ name, label, hint, className, options, emptyLabel, numeric, ...rest }: SelectInputProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  const registration = register(name, {
    setValueAs: (value: unknown) => {
      if (value === '' || value == null) return emptyLabel !== undefined ? null : '';
      return numeric ? Number(value) : value;
    },
  });
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(aria) => (
        <select id={id} {...aria} className={`${inputClass} mt-2 pr-8`} {...rest} {...registration}>
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

const checkClass =
  'size-4 shrink-0 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** One checkbox holding a boolean. */
export function CheckboxInput({ name, label, hint, className, disabled }: BoundProps & { disabled?: boolean }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className={checkClass}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          aria-invalid={error ? true : undefined}
          {...register(name)}
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-900 select-none">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 ml-7 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && <p className="mt-1 ml-7 text-sm text-red-600">{error}</p>}
    </div>
  );
}

/** A group of choices under a legend, with its hint, its message and (for long lists) a scroll. */
/**
 * A radio group for a choice that is not a form value (what a form applies to, say): a fieldset
 * with its legend, one native radio per choice (Tab reaches the group, arrows choose).
 */
export function RadioChoices<V extends string>({
  label,
  hint,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  hint?: string;
  value: V;
  options: readonly Choice<V>[];
  onChange: (value: V) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <ChoiceGroup id={id} label={label} hint={hint} className={className}>
      {options.map((choice) => (
        <ChoiceRow
          key={choice.value}
          type="radio"
          name={id}
          choice={choice}
          checked={value === choice.value}
          onChange={(checked) => checked && onChange(choice.value)}
        />
      ))}
    </ChoiceGroup>
  );
}

function ChoiceGroup({
  id,
  label,
  hint,
  error,
  className,
  scroll,
  empty,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  scroll?: boolean;
  empty?: string;
  children: ReactNode;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={className} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      )}
      <div
        className={`mt-2 space-y-2 ${scroll ? 'max-h-[400px] overflow-y-auto rounded-md p-3 ring-1 ring-slate-200 ring-inset' : ''}`}
      >
        {empty ? <p className="text-sm text-slate-500">{empty}</p> : children}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ChoiceRow({
  type,
  name,
  choice,
  checked,
  onChange,
  disabled,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  choice: Choice;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex gap-3">
      <input
        id={id}
        type={type}
        name={name}
        value={String(choice.value)}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className={`${checkClass} mt-0.5`}
        aria-describedby={choice.description ? `${id}-description` : undefined}
      />
      <div className="text-sm">
        <label htmlFor={id} className="text-slate-900 select-none">
          {choice.label}
        </label>
        {choice.description && (
          <p id={`${id}-description`} className="text-slate-500">
            {choice.description}
          </p>
        )}
      </div>
    </div>
  );
}

interface CheckboxListInputProps extends BoundProps {
  options: readonly Choice[];
  /** Shown instead of the list when there is nothing to choose. */
  emptyText?: string;
  disabled?: boolean;
}

/** Several checkboxes holding an array of the chosen values; long lists scroll at about 400 px (docs/product.md §9). */
export function CheckboxListInput({
  name,
  label,
  hint,
  className,
  options,
  emptyText,
  disabled,
}: CheckboxListInputProps) {
  const { control } = useFormContext<FieldValues>();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const id = useId();
  const chosen = Array.isArray(field.value) ? (field.value as (string | number)[]) : [];
  return (
    <ChoiceGroup
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      scroll={options.length > 8}
      empty={options.length === 0 ? emptyText : undefined}
    >
      {options.map((choice) => (
        <ChoiceRow
          key={choice.value}
          type="checkbox"
          name={name}
          choice={choice}
          disabled={disabled}
          checked={chosen.includes(choice.value)}
          onChange={(checked) =>
            field.onChange(checked ? [...chosen, choice.value] : chosen.filter((value) => value !== choice.value))
          }
        />
      ))}
    </ChoiceGroup>
  );
}

/** Radio buttons holding one of the values. */
export function RadioGroupInput({
  name,
  label,
  hint,
  className,
  options,
  disabled,
}: BoundProps & { options: readonly Choice[]; disabled?: boolean }) {
  const { control } = useFormContext<FieldValues>();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const id = useId();
  return (
    <ChoiceGroup id={id} label={label} hint={hint} error={error} className={className}>
      {options.map((choice) => (
        <ChoiceRow
          key={choice.value}
          type="radio"
          name={`${id}-${name}`}
          choice={choice}
          disabled={disabled}
          checked={field.value === choice.value}
          onChange={(checked) => checked && field.onChange(choice.value)}
        />
      ))}
    </ChoiceGroup>
  );
}
