import { z } from 'zod';

/**
 * The form schema format: what a form asks for, as `{"fields": [...]}` (docs/form-schema.md).
 * Every field has a type, a unique identifier-like name (the key of its value in a submission's
 * data), a label and optional `disabled` / `required` flags; each type adds its own properties.
 * Unknown properties are refused, and every message names the field it is about.
 */

/** The five kinds of field (docs/product.md §3 Form field kinds). */
export const FORM_FIELD_TYPES = ['input', 'textarea', 'radiogroup', 'checkbox', 'listbox'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** What an `input` field holds; `text` when not given. */
export const INPUT_SUBTYPES = ['text', 'email', 'number', 'tel', 'date', 'time', 'url'] as const;
export type InputSubtype = (typeof INPUT_SUBTYPES)[number];

/** Size limits of a schema, so a form stays something a person can fill. */
export const FORM_SCHEMA_LIMITS = {
  fields: 100,
  options: 100,
  name: 64,
  label: 200,
  placeholder: 200,
  optionKey: 100,
  optionValue: 200,
  optionLabel: 200,
  optionDescription: 500,
  lookupKey: 100,
  /** Characters of schema text (the editor's and the API's JSON text). */
  text: 100_000,
} as const;

/** A field name: a letter or underscore, then letters, digits or underscores (`first_name`, `Aciklama`). */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

const FIELD_NAME_RULE = 'must start with a letter or underscore and contain only letters, digits and underscores';

/** Non-empty trimmed text of at most `max` characters (messages are worded by `describeIssue`). */
const text = (max: number) => z.string().trim().min(1).max(max);

/** One choice of a radiogroup or checkbox field. */
export const formOptionSchema = z.strictObject({
  key: text(FORM_SCHEMA_LIMITS.optionKey),
  value: text(FORM_SCHEMA_LIMITS.optionValue),
  label: text(FORM_SCHEMA_LIMITS.optionLabel),
  description: text(FORM_SCHEMA_LIMITS.optionDescription).optional(),
});
export type FormOption = z.infer<typeof formOptionSchema>;

const options = z.array(formOptionSchema).max(FORM_SCHEMA_LIMITS.options);

/** What every field has. */
const common = {
  name: z.string().trim().min(1).max(FORM_SCHEMA_LIMITS.name).regex(FIELD_NAME_PATTERN, `name ${FIELD_NAME_RULE}`),
  label: text(FORM_SCHEMA_LIMITS.label),
  disabled: z.boolean().optional(),
  required: z.boolean().optional(),
};

/** A one-line text box; `subtype` picks the kind of text (text when absent). */
export const inputFieldSchema = z.strictObject({
  type: z.literal('input'),
  ...common,
  subtype: z.enum(INPUT_SUBTYPES).optional(),
  placeholder: text(FORM_SCHEMA_LIMITS.placeholder).optional(),
});

/** A multi-line text box. */
export const textareaFieldSchema = z.strictObject({
  type: z.literal('textarea'),
  ...common,
  placeholder: text(FORM_SCHEMA_LIMITS.placeholder).optional(),
});

/** One choice among options; `defaultValue` (one of the option values) is chosen at first. */
export const radiogroupFieldSchema = z.strictObject({
  type: z.literal('radiogroup'),
  ...common,
  options: options.min(1),
  defaultValue: text(FORM_SCHEMA_LIMITS.optionValue).optional(),
});

/**
 * With `multiple: true`, any number of the options (the value is the list of chosen option
 * values); otherwise a single yes/no tick box (the value is true or false) with no options.
 */
export const checkboxFieldSchema = z.strictObject({
  type: z.literal('checkbox'),
  ...common,
  multiple: z.boolean().optional(),
  options: options.optional(),
});

/**
 * A choice among the lookups whose key is `lookupKey`. With `parent` (the name of an earlier
 * listbox), only the lookups whose parent is the lookup chosen there are offered.
 */
export const listboxFieldSchema = z.strictObject({
  type: z.literal('listbox'),
  ...common,
  lookupKey: text(FORM_SCHEMA_LIMITS.lookupKey),
  parent: z.string().trim().min(1).max(FORM_SCHEMA_LIMITS.name).optional(),
});

const TYPE_RULE = `type must be one of ${FORM_FIELD_TYPES.join(', ')}`;

/** One field, by its type (structure only; `validateFormSchema` adds the rules across fields). */
export const formFieldSchema = z.discriminatedUnion(
  'type',
  [inputFieldSchema, textareaFieldSchema, radiogroupFieldSchema, checkboxFieldSchema, listboxFieldSchema],
  { error: (issue) => (issue.code === 'invalid_union' ? TYPE_RULE : undefined) },
);
export type FormField = z.infer<typeof formFieldSchema>;
export type InputField = z.infer<typeof inputFieldSchema>;
export type TextareaField = z.infer<typeof textareaFieldSchema>;
export type RadiogroupField = z.infer<typeof radiogroupFieldSchema>;
export type CheckboxField = z.infer<typeof checkboxFieldSchema>;
export type ListboxField = z.infer<typeof listboxFieldSchema>;

/** The shape of a valid schema (what the API returns); write through `formSchemaSchema`. */
export const formSchemaShape = z.strictObject({
  fields: z.array(formFieldSchema).max(FORM_SCHEMA_LIMITS.fields),
});
export type FormSchema = z.infer<typeof formSchemaShape>;

/** A complete schema using every kind of field (docs/form-schema.md shows the same one). */
export const FORM_SCHEMA_EXAMPLE: FormSchema = {
  fields: [
    {
      type: 'input',
      name: 'first_name',
      label: 'First name',
      subtype: 'text',
      placeholder: 'First name',
      required: true,
    },
    { type: 'input', name: 'session_date', label: 'Date of the session', subtype: 'date', disabled: true },
    {
      type: 'radiogroup',
      name: 'attendance',
      label: 'Attendance',
      required: true,
      defaultValue: 'attended',
      options: [
        { key: 'attended', value: 'attended', label: 'Attended', description: 'Took part in the session' },
        { key: 'late', value: 'late', label: 'Late', description: 'Joined after the start' },
        { key: 'absent', value: 'absent', label: 'Absent' },
      ],
    },
    {
      type: 'checkbox',
      name: 'topics',
      label: 'Topics covered',
      multiple: true,
      options: [
        { key: 'reading', value: 'reading', label: 'Reading' },
        { key: 'writing', value: 'writing', label: 'Writing', description: 'Including homework review' },
      ],
    },
    { type: 'checkbox', name: 'follow_up', label: 'Needs a follow-up call' },
    { type: 'listbox', name: 'country', label: 'Country', lookupKey: 'country', required: true },
    { type: 'listbox', name: 'city', label: 'City', lookupKey: 'city', parent: 'country' },
    { type: 'textarea', name: 'Aciklama', label: 'Notes', placeholder: 'How did the session go?' },
  ],
};

/** A path into the schema value (`['fields', 2, 'options', 0]`), for pointing at the bad spot. */
export type FormSchemaPath = (string | number)[];

export type FormSchemaResult =
  { success: true; data: FormSchema } | { success: false; error: string; path: FormSchemaPath };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at `path` inside `value` (own properties only), else undefined. */
const valueAt = (value: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>((current, key) => {
    if (Array.isArray(current) && typeof key === 'number') return current[key];
    if (isRecord(current) && typeof key === 'string' && Object.hasOwn(current, key)) return current[key];
    return undefined;
  }, value);

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  number: 'a number',
};

/** Words one zod issue of a field's own properties, `prop` being the property it is about. */
function describeIssue(issue: z.core.$ZodIssue, prop: string, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined
        ? `${prop} is required`
        : `${prop} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return issue.minimum === 1 ? `${prop} must not be empty` : `${prop} must have at least ${issue.minimum} items`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${prop} must be at most ${issue.maximum} characters`
        : `${prop} must have at most ${issue.maximum} items`;
    case 'invalid_value':
      return `${prop} must be one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown property "${issue.keys[0]}"`;
    case 'invalid_union':
      return value === undefined ? `${prop} is required; it must be one of ${FORM_FIELD_TYPES.join(', ')}` : TYPE_RULE;
    default:
      return issue.message;
  }
}

/** `option 2` or `option "late"`: how a message points at one option of a field. */
function optionName(field: Record<string, unknown>, index: number): string {
  const option = valueAt(field, ['options', index]);
  const key = isRecord(option) ? option.key : undefined;
  return typeof key === 'string' && key.trim() && key.length <= 40 ? `option "${key.trim()}"` : `option ${index + 1}`;
}

/** The message for a field's structural problem, e.g. `label must not be empty` or `option "late": value is required`. */
function fieldIssueMessage(field: Record<string, unknown>, issue: z.core.$ZodIssue): string {
  const path = issue.path;
  if (path[0] === 'options' && typeof path[1] === 'number') {
    const option = optionName(field, path[1]);
    const inner = path.slice(2).map(String);
    if (inner.length === 0 && issue.code !== 'unrecognized_keys')
      return describeIssue(issue, option, valueAt(field, path));
    return `${option}: ${describeIssue(issue, inner.join('.'), valueAt(field, path))}`;
  }
  return describeIssue(issue, path.map(String).join('.') || 'field', valueAt(field, path));
}

/** `Field "attendance"` when the field has a usable name, else `Field 3` (its position). */
function fieldLabel(field: unknown, index: number): string {
  const name = isRecord(field) ? field.name : undefined;
  if (typeof name === 'string' && name.trim()) {
    const shown = name.trim();
    return `Field "${shown.length > FORM_SCHEMA_LIMITS.name ? `${shown.slice(0, FORM_SCHEMA_LIMITS.name)}…` : shown}"`;
  }
  return `Field ${index + 1}`;
}

const fail = (error: string, path: FormSchemaPath): FormSchemaResult => ({ success: false, error, path });

/** The first value that occurs twice in `values`. */
function firstDuplicate(values: string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

/** Rules across a field's options and across fields, once every field is well formed. */
function crossFieldProblem(fields: FormField[]): { error: string; path: FormSchemaPath } | undefined {
  const seen = new Set<string>();
  for (const [index, field] of fields.entries()) {
    if (seen.has(field.name)) return { error: `Duplicate field name "${field.name}"`, path: ['fields', index, 'name'] };
    seen.add(field.name);
  }
  for (const [index, field] of fields.entries()) {
    const at: FormSchemaPath = ['fields', index];
    const label = `Field "${field.name}"`;
    if (field.type === 'radiogroup' || field.type === 'checkbox') {
      const choices = field.options ?? [];
      const key = firstDuplicate(choices.map((option) => option.key));
      if (key !== undefined) return { error: `${label}: option key "${key}" is used twice`, path: [...at, 'options'] };
      const value = firstDuplicate(choices.map((option) => option.value));
      if (value !== undefined) {
        return { error: `${label}: option value "${value}" is used twice`, path: [...at, 'options'] };
      }
    }
    if (field.type === 'radiogroup' && field.defaultValue !== undefined) {
      if (!field.options.some((option) => option.value === field.defaultValue)) {
        return { error: `${label}: defaultValue must be one of the option values`, path: [...at, 'defaultValue'] };
      }
    }
    if (field.type === 'checkbox') {
      if (field.multiple === true && !field.options?.length) {
        return { error: `${label}: options must not be empty when multiple is true`, path: [...at, 'options'] };
      }
      if (field.multiple !== true && field.options !== undefined) {
        return {
          error: `${label}: options are only allowed when multiple is true (without it the field is one yes/no box)`,
          path: [...at, 'options'],
        };
      }
    }
    if (field.type === 'listbox' && field.parent !== undefined) {
      const parentAt: FormSchemaPath = [...at, 'parent'];
      if (field.parent === field.name) return { error: `${label}: parent cannot be the field itself`, path: parentAt };
      const parentIndex = fields.findIndex((other) => other.name === field.parent);
      if (parentIndex < 0) return { error: `${label}: parent "${field.parent}" does not exist`, path: parentAt };
      if (fields[parentIndex]!.type !== 'listbox') {
        return { error: `${label}: parent "${field.parent}" is not a listbox`, path: parentAt };
      }
      if (parentIndex > index) {
        return { error: `${label}: parent "${field.parent}" must come before this field`, path: parentAt };
      }
    }
  }
  return undefined;
}

/**
 * Checks a schema value (parsed JSON) against the format. On success the data is the schema with
 * its texts trimmed; on failure, the first problem, worded to name the bad field
 * (`Field "city": parent "country" does not exist`), and where it is.
 */
export function validateFormSchema(value: unknown): FormSchemaResult {
  if (!isRecord(value)) return fail('Schema must be a JSON object with a "fields" list', []);
  const unknown = Object.keys(value).find((key) => key !== 'fields');
  if (unknown !== undefined) return fail(`Schema has an unknown property "${unknown}"; only "fields" is allowed`, []);
  const fields = value.fields;
  if (fields === undefined) return fail('Schema must have a "fields" list', []);
  if (!Array.isArray(fields)) return fail('Schema "fields" must be a list', ['fields']);
  if (fields.length > FORM_SCHEMA_LIMITS.fields) {
    return fail(`Schema may have at most ${FORM_SCHEMA_LIMITS.fields} fields`, ['fields']);
  }
  const parsed: FormField[] = [];
  for (const [index, field] of (fields as unknown[]).entries()) {
    const at: FormSchemaPath = ['fields', index];
    if (!isRecord(field)) return fail(`Field ${index + 1} must be an object`, at);
    const result = formFieldSchema.safeParse(field);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      return fail(`${fieldLabel(field, index)}: ${fieldIssueMessage(field, issue)}`, [
        ...at,
        ...issue.path.filter((key): key is string | number => typeof key !== 'symbol'),
      ]);
    }
    parsed.push(result.data);
  }
  const problem = crossFieldProblem(parsed);
  if (problem) return fail(problem.error, problem.path);
  return { success: true, data: { fields: parsed } };
}

/**
 * The format as a zod schema: accepts a schema value and outputs the checked, trimmed schema; its
 * one issue is `validateFormSchema`'s message.
 */
export const formSchemaSchema: z.ZodType<FormSchema, unknown> = z.unknown().transform((value, ctx) => {
  const result = validateFormSchema(value);
  if (result.success) return result.data;
  ctx.addIssue({ code: 'custom', message: result.error, path: result.path });
  return z.NEVER;
});

/** A JSON syntax error and the offset (0-based) in the text where it is. */
interface JsonSyntaxProblem {
  message: string;
  offset: number;
}

/** Where each value of interest starts in the text, by its path (`fields.2.options.0`). */
type Positions = Map<string, number>;

const MAX_DEPTH = 64;
/** Paths deeper than this (fields.2.options.0.key) are not worth remembering. */
const MAX_RECORDED_DEPTH = 5;

/**
 * Scans JSON text by the JSON grammar, to say where a syntax error is (JSON.parse's messages
 * differ between engines and often give no position) and where each value starts.
 */
function scanJson(source: string): { problem?: JsonSyntaxProblem; positions: Positions } {
  const positions: Positions = new Map();
  let at = 0;
  class Stop extends Error {
    constructor(readonly problem: JsonSyntaxProblem) {
      super(problem.message);
    }
  }
  const stop = (message: string, offset = at): never => {
    throw new Stop({ message, offset });
  };
  const describe = (offset: number) =>
    offset >= source.length ? 'end of text' : `character ${JSON.stringify(source[offset])}`;
  const skipSpace = () => {
    while (at < source.length && ' \t\n\r'.includes(source[at]!)) at++;
  };
  const string = () => {
    const start = at;
    at++;
    for (;;) {
      if (at >= source.length) stop('unterminated string', start);
      const char = source[at]!;
      if (char === '"') {
        at++;
        return;
      }
      if (char === '\\') {
        const next = source[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(source.slice(at + 2, at + 6))) stop('invalid \\u escape in a string');
          at += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          at += 2;
        } else {
          stop('invalid escape in a string');
        }
        continue;
      }
      if (char.charCodeAt(0) < 0x20)
        stop(char === '\n' ? 'line break inside a string' : 'control character inside a string');
      at++;
    }
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(source.slice(at, at + 400));
    if (!match) stop(`unexpected ${describe(at)}`);
    at += match![0].length;
  };
  const value = (path: (string | number)[], depth: number): void => {
    if (depth > MAX_DEPTH) stop('nesting is too deep');
    skipSpace();
    if (path.length <= MAX_RECORDED_DEPTH) positions.set(path.join('.'), at);
    const char = source[at];
    if (char === '{') return object(path, depth);
    if (char === '[') return array(path, depth);
    if (char === '"') return string();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    for (const literal of ['true', 'false', 'null']) {
      if (source.startsWith(literal, at)) {
        at += literal.length;
        return;
      }
    }
    if (char === "'") stop('strings must use double quotes');
    stop(char === undefined ? 'unexpected end of text; a value is missing' : `unexpected ${describe(at)}`);
  };
  const object = (path: (string | number)[], depth: number) => {
    at++;
    skipSpace();
    if (source[at] === '}') {
      at++;
      return;
    }
    for (let comma = -1; ;) {
      skipSpace();
      if (source[at] !== '"') {
        if (source[at] === '}' && comma >= 0) stop('unexpected "," before "}"', comma);
        stop('expected a property name in double quotes');
      }
      const keyStart = at;
      string();
      const key = JSON.parse(source.slice(keyStart, at)) as string;
      skipSpace();
      if (source[at] !== ':') stop('expected ":" after the property name');
      at++;
      value([...path, key], depth + 1);
      skipSpace();
      if (source[at] === ',') {
        comma = at++;
        continue;
      }
      if (source[at] === '}') {
        at++;
        return;
      }
      stop(`expected "," or "}" after a property value, found ${describe(at)}`);
    }
  };
  const array = (path: (string | number)[], depth: number) => {
    at++;
    skipSpace();
    if (source[at] === ']') {
      at++;
      return;
    }
    for (let index = 0, comma = -1; ; index++) {
      skipSpace();
      if (source[at] === ']' && comma >= 0) stop('unexpected "," before "]"', comma);
      value([...path, index], depth + 1);
      skipSpace();
      if (source[at] === ',') {
        comma = at++;
        continue;
      }
      if (source[at] === ']') {
        at++;
        return;
      }
      stop(`expected "," or "]" after a list item, found ${describe(at)}`);
    }
  };
  try {
    value([], 0);
    skipSpace();
    if (at < source.length) stop(`unexpected ${describe(at)} after the end of the JSON value`);
    return { positions };
  } catch (error) {
    if (error instanceof Stop) return { problem: error.problem, positions };
    throw error;
  }
}

/** 1-based line and column of an offset in the text. */
export function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

export type FormSchemaTextResult =
  { success: true; data: FormSchema | null } | { success: false; error: string; line?: number; column?: number };

/**
 * The schema editor's check of its JSON text: empty text is no schema (null); a syntax error says
 * where it is ('Schema is not valid JSON: ... (line 3, column 7)'); a format error names the field
 * and where that field's bad part starts.
 */
export function parseFormSchemaText(source: string): FormSchemaTextResult {
  if (!source.trim()) return { success: true, data: null };
  if (source.length > FORM_SCHEMA_LIMITS.text) {
    return { success: false, error: `Schema must be at most ${FORM_SCHEMA_LIMITS.text} characters` };
  }
  const { problem, positions } = scanJson(source);
  if (problem) {
    const { line, column } = lineAndColumn(source, problem.offset);
    return {
      success: false,
      error: `Schema is not valid JSON: ${problem.message} (line ${line}, column ${column})`,
      line,
      column,
    };
  }
  const result = validateFormSchema(JSON.parse(source));
  if (result.success) return result;
  // Point at the deepest part of the path that the text has (a missing property: its object).
  for (let depth = result.path.length; depth >= 0; depth--) {
    const offset = positions.get(result.path.slice(0, depth).join('.'));
    if (offset !== undefined) {
      const { line, column } = lineAndColumn(source, offset);
      return { success: false, error: `${result.error} (line ${line}, column ${column})`, line, column };
    }
  }
  return { success: false, error: result.error };
}

/** Pretty JSON text of a schema for the editor (empty for no schema). */
export const formatFormSchema = (schema: FormSchema | null | undefined): string =>
  schema ? JSON.stringify(schema, null, 2) : '';
