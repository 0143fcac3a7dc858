import type { FormField, FormOption } from '@ritim/shared';
import { GUEST_TEXTS, type GuestTexts } from '../i18n/guest-texts.js';
import type { LookupLabels } from './types.js';

/** What a report shows for an answer left empty. */
export const NO_ANSWER = '—';

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Text or a number as written; anything else (stored before the field changed kind, say) as JSON. */
const plain = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : JSON.stringify(value);

/** The option's label; a value the field no longer offers is shown as stored rather than hidden. */
const optionLabel = (options: readonly FormOption[] | undefined, value: unknown) =>
  options?.find((option) => option.value === value)?.label ?? plain(value);

/**
 * An answer as a person reads it: option and lookup labels instead of stored values, a single
 * checkbox as Yes or No, several ticked options joined with ', ', and '—' for no answer. The data
 * was checked against the schema when it was submitted, but the schema may have changed since,
 * so any value still gives some text.
 */
export function answerText(
  field: FormField,
  value: unknown,
  lookupLabels: LookupLabels,
  texts: GuestTexts = GUEST_TEXTS.en,
): string {
  if (isEmpty(value)) return NO_ANSWER;
  switch (field.type) {
    case 'radiogroup':
      return optionLabel(field.options, value);
    case 'checkbox':
      if (!field.multiple) return value === true ? texts.yes : value === false ? texts.no : plain(value);
      return (Array.isArray(value) ? value : [value]).map((one) => optionLabel(field.options, one)).join(', ');
    case 'listbox':
      return (typeof value === 'string' ? lookupLabels.get(field.lookupKey)?.get(value) : undefined) ?? plain(value);
    case 'input':
    case 'textarea':
      return plain(value);
  }
}
