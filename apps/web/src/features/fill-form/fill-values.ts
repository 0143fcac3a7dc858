import type { EventOccurrence, FormField, ListboxField, Lookup } from '@ritim/shared';
import { DateTime } from 'luxon';

/**
 * What Fill Form shows and sends, as plain functions of the form's fields, the stored answers and
 * the lookups (tested on their own): the starting values, the required check, which listboxes a
 * change clears, a listbox's choices and the data sent.
 */

/**
 * The form value of the field at `index`. Fields are keyed by position, not by name: a name is
 * any identifier (docs/form-schema.md), and react-hook-form reads some (`constructor`,
 * `prototype`) as something other than a plain key.
 */
export const fieldKey = (index: number) => `f${index}`;

/** A field's value while filling: text, a number, a tick, ticked option values, or a lookup value (null: none). */
export type FillValue = string | number | boolean | string[] | null | undefined;
export type FillValues = Record<string, FillValue>;

/** The submission of this form about this guest (null: about no one guest) at this occurrence, if there is one. */
export function findSubmission(occurrence: EventOccurrence, formId: number, guestId: number | null) {
  return occurrence.formSubmissions.find(
    (submission) => submission.form.id === formId && (submission.user?.id ?? null) === guestId,
  );
}

/** A stored answer as the field's control holds it; anything of the wrong kind (an older form version) is dropped. */
function startingValue(field: FormField, stored: unknown, isNew: boolean): FillValue {
  switch (field.type) {
    case 'input':
      if (field.subtype === 'number') {
        const number = typeof stored === 'string' && stored.trim() !== '' ? Number(stored) : stored;
        return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
      }
      return typeof stored === 'string' ? stored : '';
    case 'textarea':
      return typeof stored === 'string' ? stored : '';
    case 'radiogroup': {
      if (typeof stored === 'string' && field.options.some((option) => option.value === stored)) return stored;
      // The default is a suggestion for a new submission, not an answer to put back into an old one.
      return isNew ? (field.defaultValue ?? '') : '';
    }
    case 'checkbox': {
      if (!field.multiple) return stored === true;
      const allowed = new Set((field.options ?? []).map((option) => option.value));
      return Array.isArray(stored)
        ? stored.filter((value): value is string => typeof value === 'string' && allowed.has(value))
        : [];
    }
    case 'listbox':
      return typeof stored === 'string' && stored !== '' ? stored : null;
  }
}

/**
 * The form's starting values: the existing submission's answers when there is one (`data`),
 * else empty, with each radiogroup's defaultValue chosen.
 */
export function initialValues(fields: readonly FormField[], data: Record<string, unknown> | undefined): FillValues {
  return Object.fromEntries(
    fields.map((field, index) => [
      fieldKey(index),
      startingValue(field, data && Object.hasOwn(data, field.name) ? data[field.name] : undefined, data === undefined),
    ]),
  );
}

/** Whether a value counts as an answer (the server's rule: a required yes/no box must be ticked). */
function answered(value: FillValue): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** The required fields left unanswered, as their keys and labels (disabled fields cannot be answered). */
export function missingRequired(fields: readonly FormField[], values: FillValues): { key: string; label: string }[] {
  return fields.flatMap((field, index) =>
    field.required && !field.disabled && !answered(values[fieldKey(index)])
      ? [{ key: fieldKey(index), label: field.label }]
      : [],
  );
}

/**
 * For each field that listboxes depend on, the keys of every listbox below it, directly or
 * through another listbox (country > city > district): a change to it clears them all (docs/product.md §4).
 */
export function dependentListboxes(fields: readonly FormField[]): Map<string, string[]> {
  const indexByName = new Map(fields.map((field, index) => [field.name, index]));
  const children = new Map<number, number[]>();
  for (const [index, field] of fields.entries()) {
    const parent = field.type === 'listbox' && field.parent !== undefined ? indexByName.get(field.parent) : undefined;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), index]);
  }
  const result = new Map<string, string[]>();
  for (const parent of children.keys()) {
    const found: number[] = [];
    const pending = [...children.get(parent)!];
    while (pending.length > 0) {
      const next = pending.shift()!;
      // A valid schema has no cycles; the check keeps a bad one from looping.
      if (next === parent || found.includes(next)) continue;
      found.push(next);
      pending.push(...(children.get(next) ?? []));
    }
    result.set(fieldKey(parent), found.map(fieldKey));
  }
  return result;
}

/** The keys of every listbox's lookup key, each once (the lookups query asks for them together). */
export function lookupKeysOf(fields: readonly FormField[]): string[] {
  return [...new Set(fields.flatMap((field) => (field.type === 'listbox' ? [field.lookupKey] : [])))];
}

/**
 * A listbox's choices: the lookups of its key, by value (the value is what a submission stores,
 * so a value offered twice is offered once). A dependent listbox offers only the children of the
 * lookup chosen in its parent, and null while nothing is chosen there.
 */
export function listboxChoices(
  field: ListboxField,
  lookups: readonly Lookup[],
  parent?: { lookupKey: string; value: FillValue },
): { value: string; label: string }[] | null {
  let candidates = lookups.filter((lookup) => lookup.key === field.lookupKey);
  if (parent) {
    if (typeof parent.value !== 'string' || parent.value === '') return null;
    const parentIds = new Set(
      lookups.filter((lookup) => lookup.key === parent.lookupKey && lookup.value === parent.value).map((l) => l.id),
    );
    candidates = candidates.filter((lookup) => lookup.parentId !== null && parentIds.has(lookup.parentId));
  }
  const seen = new Set<string>();
  return candidates.flatMap((lookup) => {
    if (seen.has(lookup.value)) return [];
    seen.add(lookup.value);
    return [{ value: lookup.value, label: lookup.label }];
  });
}

/**
 * What POST /submit gets as `data`: each field's value under its name. Disabled fields are left
 * out (nobody filling the form may change them) and so are numbers left empty.
 */
export function submissionData(fields: readonly FormField[], values: FillValues): Record<string, unknown> {
  return Object.fromEntries(
    fields.flatMap((field, index) => {
      const value = values[fieldKey(index)];
      if (field.disabled || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return [];
      return [[field.name, value]];
    }),
  );
}

/** The day of the occurrence in `zone` (yyyy-MM-dd): where Upcoming Events, read in that zone, lists it. */
export const occurrenceDay = (occurrence: EventOccurrence, zone: string) =>
  DateTime.fromISO(occurrence.occurrenceDate, { zone }).toISODate() ?? '';
