import { CURRENCIES, type Currency } from '@ritim/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../../components/form-fields';
import { Spinner } from '../../components/spinner';
import { Field } from '../../components/text-field';
import { buttonClass, inputClass } from '../../components/ui';

/** A labelled native select holding a string, for the billing dialogs' own state. */
export function ChoiceField<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: V;
  options: readonly Choice<V>[];
  onChange: (value: V) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <Field
      id={id}
      label={label}
      className={className}
      control={(aria) => (
        <select
          id={id}
          {...aria}
          value={value}
          onChange={(event) => onChange(event.target.value as V)}
          className={`${inputClass} mt-2 pr-8`}
        >
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

/** The currency of an amount: the four an office bills in (their ISO codes read the same in both languages). */
export function CurrencyField({ value, onChange }: { value: Currency; onChange: (value: Currency) => void }) {
  const { t } = useTranslation();
  return (
    <ChoiceField
      label={t('events.currency')}
      value={value}
      options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
      onChange={onChange}
    />
  );
}

/** A dialog's form: its fields, the server's refusal in place, then Cancel and the submit button. */
export function DialogForm({
  onSubmit,
  onCancel,
  submitLabel,
  pending,
  error,
  danger,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <fieldset disabled={pending} className="min-w-0 space-y-4">
        {children}
      </fieldset>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-3">
        <button type="button" className={`${buttonClass.secondary} min-h-11`} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className={`${danger ? buttonClass.danger : buttonClass.primary} min-h-11`}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending && <Spinner />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
