import {
  calendarDay,
  type FormField,
  type FormSchema,
  LOOKUP_TEXT_MAX,
  SUBMISSION_TEXT_MAX,
  submissionMessages as m,
  type Text,
} from '@ritim/shared';
import { LONE_SURROGATE, unstorableText } from '../../lib/unstorable-text.js';

/**
 * A submission's data checked against its form's schema (docs/form-schema.md, "What a submission
 * stores"). Pure: the listbox answers come back as `choices`, which the service looks up in one
 * query and hands to `checkChoices`.
 */

/** A listbox answer, still to be found among the lookups the organiser's groups offer. */
export interface ListboxChoice {
  name: string;
  label: string;
  lookupKey: string;
  value: string;
  /** The listbox this one depends on: its chosen lookup must be the parent of this one's. */
  parent?: { name: string; label: string };
}

/** A lookup as the listbox check needs it. */
export interface LookupCandidate {
  id: number;
  key: string;
  value: string;
  parentId: number | null;
}

export type DataResult = { success: true; data: Record<string, unknown> } | { success: false; error: Text };

export type SubmissionCheck =
  { success: true; data: Record<string, unknown>; choices: ListboxChoice[] } | { success: false; error: Text };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `data` as sent (docs/product.md §3: "data (JSON text)"; an object is accepted too) as an object. Text that
 * JSON.parse decodes was not seen by the check every body goes through (lib/unstorable-text.ts), and
 * PostgreSQL's jsonb cannot hold U+0000 or a lone surrogate, so it is checked here.
 */
export function parseSubmissionData(data: string | Record<string, unknown>): DataResult {
  if (typeof data !== 'string') return { success: true, data };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { success: false, error: m.dataJson };
  }
  if (!isRecord(parsed)) return { success: false, error: m.dataType };
  const problem = unstorableText(parsed);
  if (problem) return { success: false, error: problem };
  return { success: true, data: parsed };
}

/** What one answer turned into: a value to store, nothing (left empty), or the reason it is refused. */
type Outcome = { value: unknown } | { error: Text };
const EMPTY: Outcome = { value: undefined };

/** Same rule as a user's email. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER_PATTERN = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** Trimmed text, or undefined when the value is not (well-formed) text. */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && !LONE_SURROGATE.test(value) ? value.trim() : undefined;

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An input's or textarea's text, checked by the input's subtype; a number is stored as a number. */
function checkText(field: Extract<FormField, { type: 'input' | 'textarea' }>, value: unknown): Outcome {
  const { label } = field;
  const subtype = field.type === 'input' ? (field.subtype ?? 'text') : 'text';
  if (subtype === 'number' && typeof value === 'number') {
    return Number.isFinite(value) ? { value } : { error: m.mustBeNumber({ label }) };
  }
  const text = textOf(value);
  if (text === undefined) return { error: subtype === 'number' ? m.mustBeNumber({ label }) : m.mustBeText({ label }) };
  if (text.length > SUBMISSION_TEXT_MAX) return { error: m.tooLong({ label, max: SUBMISSION_TEXT_MAX }) };
  if (text === '') return EMPTY;
  switch (subtype) {
    case 'number': {
      const number = Number(text);
      return NUMBER_PATTERN.test(text) && Number.isFinite(number)
        ? { value: number }
        : { error: m.mustBeNumber({ label }) };
    }
    case 'email':
      return EMAIL_PATTERN.test(text) ? { value: text } : { error: m.mustBeEmail({ label }) };
    case 'date':
      return calendarDay.safeParse(text).success ? { value: text } : { error: m.mustBeDate({ label }) };
    case 'time':
      return TIME_PATTERN.test(text) ? { value: text } : { error: m.mustBeTime({ label }) };
    case 'url':
      return isUrl(text) ? { value: text } : { error: m.mustBeUrl({ label }) };
    default:
      return { value: text };
  }
}

/** One answer by its field's kind; null, blank text and an empty list are left empty. */
function checkField(field: FormField, value: unknown): Outcome {
  if (value === undefined || value === null) return EMPTY;
  const { label } = field;
  switch (field.type) {
    case 'input':
    case 'textarea':
      return checkText(field, value);
    case 'radiogroup': {
      const text = textOf(value);
      if (text === '') return EMPTY;
      return field.options.some((option) => option.value === text)
        ? { value: text }
        : { error: m.mustBeOption({ label }) };
    }
    case 'checkbox': {
      if (!field.multiple) return typeof value === 'boolean' ? { value } : { error: m.mustBeBoolean({ label }) };
      if (!Array.isArray(value)) return { error: m.mustBeOptions({ label }) };
      const allowed = new Set((field.options ?? []).map((option) => option.value));
      const chosen = value.map(textOf);
      const valid = chosen.every((text) => text !== undefined && allowed.has(text));
      if (!valid || new Set(chosen).size !== chosen.length) return { error: m.mustBeOptions({ label }) };
      return chosen.length === 0 ? EMPTY : { value: chosen };
    }
    case 'listbox': {
      const text = textOf(value);
      if (text === '') return EMPTY;
      // Longer than any lookup's value: no need to ask the database.
      return text === undefined || text.length > LOOKUP_TEXT_MAX
        ? { error: m.mustBeLookup({ label }) }
        : { value: text };
    }
  }
}

/** How a message names a field the form does not have (a sent name can be any length). */
const shownName = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}…` : name);

/**
 * Checks `data` against the form's fields and returns what to store: each answered field's value,
 * normalised (trimmed text, numbers as numbers), in the schema's order. A name the form does not
 * have is refused; disabled fields cannot be changed by anyone filling the form, so whatever is
 * sent for one is dropped. A required field must be answered (a radiogroup's defaultValue is what
 * the screen preselects, not an answer), and a required yes/no box must be ticked, as a required
 * checkbox is in a browser. The first problem is reported, naming the field by its label.
 */
export function validateSubmission(schema: FormSchema | null, data: Record<string, unknown>): SubmissionCheck {
  const fields = schema?.fields ?? [];
  const names = new Set(fields.map((field) => field.name));
  const unknown = Object.keys(data).find((name) => !names.has(name));
  if (unknown !== undefined) return { success: false, error: m.unknownField({ name: shownName(unknown) }) };

  const byName = new Map(fields.map((field) => [field.name, field]));
  const values: [string, unknown][] = [];
  const choices: ListboxChoice[] = [];
  for (const field of fields) {
    if (field.disabled) continue;
    const outcome = checkField(field, Object.hasOwn(data, field.name) ? data[field.name] : undefined);
    if ('error' in outcome) return { success: false, error: outcome.error };
    const unanswered = outcome.value === undefined || (field.type === 'checkbox' && outcome.value === false);
    if (field.required && unanswered) return { success: false, error: m.required({ label: field.label }) };
    if (outcome.value === undefined) continue;
    values.push([field.name, outcome.value]);
    if (field.type === 'listbox') {
      const parent = field.parent === undefined ? undefined : byName.get(field.parent);
      choices.push({
        name: field.name,
        label: field.label,
        lookupKey: field.lookupKey,
        value: outcome.value as string,
        ...(parent && { parent: { name: parent.name, label: parent.label } }),
      });
    }
  }
  // fromEntries defines own properties, so even a field named __proto__ is stored as data.
  return { success: true, data: Object.fromEntries(values), choices };
}

/**
 * The listbox answers against the lookups found for them: each must be a lookup of its key, and
 * a dependent one's lookup must be a child of the lookup chosen in its parent field (a value may
 * occur under several parents, so any of its lookups may match). The first problem, or undefined.
 */
export function checkChoices(choices: ListboxChoice[], lookups: LookupCandidate[]): Text | undefined {
  const byAnswer = new Map<string, LookupCandidate[]>();
  const answerKey = (key: string, value: string) => JSON.stringify([key, value]);
  for (const lookup of lookups) {
    const key = answerKey(lookup.key, lookup.value);
    byAnswer.set(key, [...(byAnswer.get(key) ?? []), lookup]);
  }
  const found = new Map(
    choices.map((choice) => [choice.name, byAnswer.get(answerKey(choice.lookupKey, choice.value))]),
  );
  for (const choice of choices) {
    const own = found.get(choice.name);
    if (!own) return m.mustBeLookup({ label: choice.label });
    if (choice.parent) {
      const parentIds = new Set((found.get(choice.parent.name) ?? []).map((lookup) => lookup.id));
      if (!own.some((lookup) => lookup.parentId !== null && parentIds.has(lookup.parentId))) {
        return m.parentMismatch({ label: choice.label, parent: choice.parent.label });
      }
    }
  }
  return undefined;
}
