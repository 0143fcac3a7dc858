import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FORM_SCHEMA_EXAMPLE,
  FORM_SCHEMA_LIMITS,
  formatFormSchema,
  formSchemaSchema,
  lineAndColumn,
  parseFormSchemaText,
  validateFormSchema,
  type FormSchema,
} from './form-schema.js';

/** The message validateFormSchema gives for a schema with these fields. */
const errorFor = (fields: unknown[]) => {
  const result = validateFormSchema({ fields });
  return result.success ? undefined : result.error;
};

const input = { type: 'input', name: 'first_name', label: 'First name' };
const option = (key: string, value = key, label = key.toUpperCase()) => ({ key, value, label });
const radio = {
  type: 'radiogroup',
  name: 'attendance',
  label: 'Attendance',
  options: [option('attended'), option('absent')],
};
const country = { type: 'listbox', name: 'country', label: 'Country', lookupKey: 'country' };
const city = { type: 'listbox', name: 'city', label: 'City', lookupKey: 'city', parent: 'country' };

/** The seeded form 1 (apps/server/migrations/0002_admin_sections.sql), verbatim. */
const sessionNotes: FormSchema = {
  fields: [
    {
      type: 'input',
      name: 'first_name',
      label: 'First name',
      subtype: 'text',
      placeholder: 'First name',
      required: true,
    },
    { type: 'input', name: 'last_name', label: 'Last name', subtype: 'text', placeholder: 'Last name', required: true },
    {
      type: 'radiogroup',
      name: 'attendance',
      label: 'Attendance',
      required: true,
      defaultValue: 'attended',
      options: [
        { key: 'attended', value: 'attended', label: 'Attended', description: 'Took part in the session' },
        { key: 'late', value: 'late', label: 'Late', description: 'Joined after the start' },
        { key: 'absent', value: 'absent', label: 'Absent', description: 'Did not take part' },
      ],
    },
    { type: 'textarea', name: 'Aciklama', label: 'Notes', placeholder: 'How did the session go?' },
  ],
};

describe('validateFormSchema: accepted schemas', () => {
  it('accepts the seeded Session notes form unchanged', () => {
    expect(validateFormSchema(sessionNotes)).toEqual({ success: true, data: sessionNotes });
  });

  it('accepts every kind of field with all of its properties', () => {
    const fields = [
      { ...input, subtype: 'email', placeholder: 'you@example.com', required: true, disabled: false },
      { type: 'textarea', name: 'notes', label: 'Notes', placeholder: 'Anything else?', disabled: true },
      { ...radio, defaultValue: 'absent', required: true },
      { type: 'checkbox', name: 'topics', label: 'Topics', multiple: true, options: [option('a'), option('b')] },
      { type: 'checkbox', name: 'consent', label: 'I agree', required: true },
      country,
      city,
    ];
    expect(validateFormSchema({ fields })).toEqual({ success: true, data: { fields } });
  });

  it.each(['text', 'email', 'number', 'tel', 'date', 'time', 'url'])('accepts the input subtype %s', (subtype) => {
    expect(errorFor([{ ...input, subtype }])).toBeUndefined();
  });

  it('accepts an empty field list', () => {
    expect(validateFormSchema({ fields: [] }).success).toBe(true);
  });

  it('trims the texts it keeps', () => {
    const result = validateFormSchema({ fields: [{ ...input, name: ' first_name ', label: '  First name ' }] });
    expect(result).toEqual({ success: true, data: { fields: [input] } });
  });

  it('accepts names made of letters, digits and underscores, starting with a letter or underscore', () => {
    for (const name of ['a', 'Aciklama', 'first_name', '_hidden', 'q2'])
      expect(errorFor([{ ...input, name }])).toBeUndefined();
  });
});

describe('validateFormSchema: the schema object', () => {
  it.each([
    ['null', null],
    ['a list', []],
    ['text', 'fields'],
    ['a number', 3],
  ])('refuses %s with \'Schema must be a JSON object with a "fields" list\'', (_, value) => {
    expect(validateFormSchema(value)).toMatchObject({
      success: false,
      error: 'Schema must be a JSON object with a "fields" list',
    });
  });

  it('refuses a schema without fields', () => {
    expect(validateFormSchema({})).toMatchObject({ error: 'Schema must have a "fields" list' });
  });

  it('refuses fields that are not a list', () => {
    expect(validateFormSchema({ fields: { a: 1 } })).toMatchObject({ error: 'Schema "fields" must be a list' });
  });

  it('refuses an unknown top-level property', () => {
    expect(validateFormSchema({ fields: [], title: 'x' })).toMatchObject({
      error: 'Schema has an unknown property "title"; only "fields" is allowed',
    });
  });

  it(`refuses more than ${FORM_SCHEMA_LIMITS.fields} fields`, () => {
    const fields = Array.from({ length: FORM_SCHEMA_LIMITS.fields + 1 }, (_, i) => ({ ...input, name: `f${i}` }));
    expect(validateFormSchema({ fields })).toMatchObject({ error: 'Schema may have at most 100 fields' });
    expect(validateFormSchema({ fields: fields.slice(1) }).success).toBe(true);
  });

  it('refuses a field that is not an object, by its position', () => {
    expect(errorFor([input, 'name'])).toBe('Field 2 must be an object');
  });
});

describe('validateFormSchema: what every field has', () => {
  it('refuses an unknown type, naming the field', () => {
    expect(errorFor([{ ...input, type: 'slider' }])).toBe(
      'Field "first_name": type must be one of input, textarea, radiogroup, checkbox, listbox',
    );
  });

  it('refuses a missing type', () => {
    expect(errorFor([{ name: 'notes', label: 'Notes' }])).toBe(
      'Field "notes": type is required; it must be one of input, textarea, radiogroup, checkbox, listbox',
    );
  });

  it('names a field without a name by its position', () => {
    expect(errorFor([input, { type: 'textarea', label: 'Notes' }])).toBe('Field 2: name is required');
    expect(errorFor([{ type: 'textarea', name: '  ', label: 'Notes' }])).toBe('Field 1: name must not be empty');
    expect(errorFor([{ type: 'textarea', name: 7, label: 'Notes' }])).toBe('Field 1: name must be text');
  });

  it.each(['first name', '1st', 'e-mail', 'adı'])('refuses the name %j as not identifier-like', (name) => {
    expect(errorFor([{ ...input, name }])).toBe(
      `Field "${name}": name must start with a letter or underscore and contain only letters, digits and underscores`,
    );
  });

  it('refuses a name longer than 64 characters', () => {
    expect(errorFor([{ ...input, name: 'n'.repeat(65) }])).toBe(
      `Field "${'n'.repeat(64)}…": name must be at most 64 characters`,
    );
  });

  it('refuses a missing, empty or overlong label', () => {
    expect(errorFor([{ type: 'input', name: 'a' }])).toBe('Field "a": label is required');
    expect(errorFor([{ ...input, label: ' ' }])).toBe('Field "first_name": label must not be empty');
    expect(errorFor([{ ...input, label: 'x'.repeat(201) }])).toBe(
      'Field "first_name": label must be at most 200 characters',
    );
  });

  it('refuses disabled and required that are not booleans', () => {
    expect(errorFor([{ ...input, disabled: 'no' }])).toBe('Field "first_name": disabled must be true or false');
    expect(errorFor([{ ...input, required: 1 }])).toBe('Field "first_name": required must be true or false');
  });

  it('refuses an unknown property', () => {
    expect(errorFor([{ ...input, colour: 'red' }])).toBe('Field "first_name": unknown property "colour"');
  });

  it("refuses another kind's property (options on a textarea)", () => {
    expect(errorFor([{ type: 'textarea', name: 'notes', label: 'Notes', options: [] }])).toBe(
      'Field "notes": unknown property "options"',
    );
  });

  it('refuses a duplicate field name', () => {
    const notes = { type: 'textarea', name: 'notes', label: 'Notes' };
    expect(errorFor([notes, input, { ...notes, label: 'More notes' }])).toBe('Duplicate field name "notes"');
  });
});

describe('validateFormSchema: input and textarea', () => {
  it('refuses an unknown input subtype', () => {
    expect(errorFor([{ ...input, subtype: 'colour' }])).toBe(
      'Field "first_name": subtype must be one of text, email, number, tel, date, time, url',
    );
  });

  it('refuses an empty or overlong placeholder', () => {
    expect(errorFor([{ ...input, placeholder: '' }])).toBe('Field "first_name": placeholder must not be empty');
    expect(errorFor([{ type: 'textarea', name: 'n', label: 'N', placeholder: 'p'.repeat(201) }])).toBe(
      'Field "n": placeholder must be at most 200 characters',
    );
  });
});

describe('validateFormSchema: radiogroup', () => {
  it('needs at least one option', () => {
    expect(errorFor([{ ...radio, options: [] }])).toBe('Field "attendance": options must not be empty');
    expect(errorFor([{ ...radio, options: undefined }])).toBe('Field "attendance": options is required');
  });

  it('refuses an option without a value, naming the option', () => {
    expect(errorFor([{ ...radio, options: [option('a'), { key: 'b', label: 'B' }] }])).toBe(
      'Field "attendance": option "b": value is required',
    );
  });

  it('names an option without a usable key by its position', () => {
    expect(errorFor([{ ...radio, options: [option('a'), { value: 'b', label: 'B' }] }])).toBe(
      'Field "attendance": option 2: key is required',
    );
  });

  it('refuses an unknown option property and an overlong option description', () => {
    expect(errorFor([{ ...radio, options: [{ ...option('a'), colour: 'red' }] }])).toBe(
      'Field "attendance": option "a": unknown property "colour"',
    );
    expect(errorFor([{ ...radio, options: [{ ...option('a'), description: 'd'.repeat(501) }] }])).toBe(
      'Field "attendance": option "a": description must be at most 500 characters',
    );
  });

  it('refuses an option that is not an object', () => {
    expect(errorFor([{ ...radio, options: [option('a'), 'b'] }])).toBe(
      'Field "attendance": option 2 must be an object',
    );
  });

  it('refuses more than 100 options', () => {
    const options = Array.from({ length: 101 }, (_, i) => option(`o${i}`));
    expect(errorFor([{ ...radio, options }])).toBe('Field "attendance": options must have at most 100 items');
  });

  it('refuses duplicate option keys and duplicate option values', () => {
    expect(errorFor([{ ...radio, options: [option('a', '1'), option('a', '2')] }])).toBe(
      'Field "attendance": option key "a" is used twice',
    );
    expect(errorFor([{ ...radio, options: [option('a', '1'), option('b', '1')] }])).toBe(
      'Field "attendance": option value "1" is used twice',
    );
  });

  it('refuses a defaultValue that is not one of the option values', () => {
    expect(errorFor([{ ...radio, defaultValue: 'late' }])).toBe(
      'Field "attendance": defaultValue must be one of the option values',
    );
    expect(errorFor([{ ...radio, options: [option('a', 'x')], defaultValue: 'a' }])).toBe(
      'Field "attendance": defaultValue must be one of the option values',
    );
    expect(errorFor([{ ...radio, defaultValue: 'absent' }])).toBeUndefined();
  });
});

describe('validateFormSchema: checkbox', () => {
  const topics = { type: 'checkbox', name: 'topics', label: 'Topics', multiple: true, options: [option('a')] };

  it('with multiple, needs options', () => {
    expect(errorFor([{ ...topics, options: [] }])).toBe(
      'Field "topics": options must not be empty when multiple is true',
    );
    expect(errorFor([{ ...topics, options: undefined }])).toBe(
      'Field "topics": options must not be empty when multiple is true',
    );
  });

  it('without multiple, is one yes/no box and takes no options', () => {
    expect(errorFor([{ ...topics, multiple: undefined }])).toBe(
      'Field "topics": options are only allowed when multiple is true (without it the field is one yes/no box)',
    );
    expect(errorFor([{ ...topics, multiple: false, options: undefined }])).toBeUndefined();
  });

  it('refuses multiple that is not a boolean', () => {
    expect(errorFor([{ ...topics, multiple: 'yes' }])).toBe('Field "topics": multiple must be true or false');
  });

  it('refuses duplicate option keys', () => {
    expect(errorFor([{ ...topics, options: [option('a', '1'), option('a', '2')] }])).toBe(
      'Field "topics": option key "a" is used twice',
    );
  });

  it('has no defaultValue', () => {
    expect(errorFor([{ ...topics, defaultValue: 'a' }])).toBe('Field "topics": unknown property "defaultValue"');
  });
});

describe('validateFormSchema: listbox', () => {
  it('needs a lookup key', () => {
    expect(errorFor([{ ...country, lookupKey: undefined }])).toBe('Field "country": lookupKey is required');
    expect(errorFor([{ ...country, lookupKey: ' ' }])).toBe('Field "country": lookupKey must not be empty');
  });

  it('refuses a parent that does not exist', () => {
    expect(errorFor([city])).toBe('Field "city": parent "country" does not exist');
  });

  it('refuses a parent that is not a listbox', () => {
    expect(errorFor([{ ...input, name: 'country' }, city])).toBe('Field "city": parent "country" is not a listbox');
  });

  it('refuses a parent that comes after the field', () => {
    expect(errorFor([city, country])).toBe('Field "city": parent "country" must come before this field');
  });

  it('refuses the field as its own parent', () => {
    expect(errorFor([{ ...city, parent: 'city' }])).toBe('Field "city": parent cannot be the field itself');
  });

  it('accepts a chain of parents', () => {
    const district = { type: 'listbox', name: 'district', label: 'District', lookupKey: 'district', parent: 'city' };
    expect(errorFor([country, city, district])).toBeUndefined();
  });
});

describe('formSchemaSchema', () => {
  it('outputs the checked schema', () => {
    expect(formSchemaSchema.parse(sessionNotes)).toEqual(sessionNotes);
  });

  it('has one issue: the message naming the field', () => {
    const result = formSchemaSchema.safeParse({ fields: [{ ...radio, defaultValue: 'x' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Field "attendance": defaultValue must be one of the option values',
    ]);
  });
});

describe('parseFormSchemaText', () => {
  it('reads empty or blank text as no schema', () => {
    expect(parseFormSchemaText('')).toEqual({ success: true, data: null });
    expect(parseFormSchemaText(' \n\t ')).toEqual({ success: true, data: null });
  });

  it('reads valid text, pretty or not', () => {
    expect(parseFormSchemaText(JSON.stringify(sessionNotes))).toEqual({ success: true, data: sessionNotes });
    expect(parseFormSchemaText(formatFormSchema(sessionNotes))).toEqual({ success: true, data: sessionNotes });
  });

  it.each([
    [
      'a trailing comma in an object',
      '{\n  "fields": [\n    {"type": "input",}\n  ]\n}',
      'unexpected "," before "}" (line 3, column 21)',
    ],
    ['a trailing comma in a list', '{"fields": [1,]}', 'unexpected "," before "]" (line 1, column 14)'],
    [
      'a missing comma',
      '{\n  "fields": []\n  "x": 1\n}',
      'expected "," or "}" after a property value, found character "\\"" (line 3, column 3)',
    ],
    [
      'a missing comma between items',
      '{"fields": [{} {}]}',
      'expected "," or "]" after a list item, found character "{" (line 1, column 16)',
    ],
    ['single quotes', "{'fields': []}", 'expected a property name in double quotes (line 1, column 2)'],
    ['a single-quoted value', '{"fields": \'x\'}', 'strings must use double quotes (line 1, column 12)'],
    ['a missing colon', '{"fields" []}', 'expected ":" after the property name (line 1, column 11)'],
    ['text cut short', '{"fields": [', 'unexpected end of text; a value is missing (line 1, column 13)'],
    ['an unterminated string', '{"fields": [], "a": "b', 'unterminated string (line 1, column 21)'],
    ['a line break in a string', '{"a": "b\nc"}', 'line break inside a string (line 1, column 9)'],
    ['a bad escape', '{"a": "\\q"}', 'invalid escape in a string (line 1, column 8)'],
    ['a bad unicode escape', '{"a": "\\u12G4"}', 'invalid \\u escape in a string (line 1, column 8)'],
    ['a bare word', '{"fields": [yes]}', 'unexpected character "y" (line 1, column 13)'],
    ['a bad number', '{"a": 01}', 'expected "," or "}" after a property value, found character "1" (line 1, column 8)'],
    [
      'text after the value',
      '{"fields": []}\n}',
      'unexpected character "}" after the end of the JSON value (line 2, column 1)',
    ],
  ])('reports %s with where it is', (_, source, message) => {
    expect(parseFormSchemaText(source)).toMatchObject({
      success: false,
      error: `Schema is not valid JSON: ${message}`,
    });
  });

  it('returns the line and column of a syntax error', () => {
    expect(parseFormSchemaText('{\n  "fields": [\n      x\n]}')).toMatchObject({ line: 3, column: 7 });
  });

  it('agrees with JSON.parse on what is valid', () => {
    const samples = [
      '{"fields": []}',
      '{"fields":[],"fields":[]}',
      '{"a":-0.5e+3}',
      '{"a":"\\u00e7\\n"}',
      '[]',
      'true',
      '"x"',
      '1',
      '{"a":[1,2,{}]}',
    ];
    for (const sample of samples) {
      const result = parseFormSchemaText(sample);
      expect(result.success || !result.error.startsWith('Schema is not valid JSON')).toBe(true);
      expect(() => JSON.parse(sample) as unknown).not.toThrow();
    }
  });

  it('refuses nesting deeper than it reads, without overflowing the stack', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(parseFormSchemaText(`{"fields": ${deep}}`)).toMatchObject({
      success: false,
      error: expect.stringContaining('Schema is not valid JSON: nesting is too deep') as unknown,
    });
  });

  it(`refuses text longer than ${FORM_SCHEMA_LIMITS.text} characters`, () => {
    expect(parseFormSchemaText(' '.repeat(FORM_SCHEMA_LIMITS.text) + '{}')).toEqual({
      success: false,
      error: 'Schema must be at most 100000 characters',
    });
  });

  it('reports a format error with the field and where it is in the text', () => {
    const source = [
      '{',
      '  "fields": [',
      '    { "type": "listbox", "name": "country", "label": "Country", "lookupKey": "country" },',
      '    { "type": "listbox", "name": "city", "label": "City", "lookupKey": "city", "parent": "county" }',
      '  ]',
      '}',
    ].join('\n');
    expect(parseFormSchemaText(source)).toEqual({
      success: false,
      error: 'Field "city": parent "county" does not exist (line 4, column 90)',
      line: 4,
      column: 90,
    });
  });

  it('points at the field when the bad part is missing, and at the text when the schema is not an object', () => {
    const source = '{"fields": [\n  {"type": "input", "name": "a"}\n]}';
    expect(parseFormSchemaText(source)).toMatchObject({ error: 'Field "a": label is required (line 2, column 3)' });
    expect(parseFormSchemaText('[1]')).toMatchObject({
      error: 'Schema must be a JSON object with a "fields" list (line 1, column 1)',
    });
  });
});

describe('lineAndColumn', () => {
  it('counts from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab\n', 3)).toEqual({ line: 2, column: 1 });
  });
});

describe('formatFormSchema', () => {
  it('pretty-prints with two spaces, and gives empty text for no schema', () => {
    expect(formatFormSchema({ fields: [] })).toBe('{\n  "fields": []\n}');
    expect(formatFormSchema(null)).toBe('');
  });
});

describe('docs/form-schema.md', () => {
  const doc = readFileSync(new URL('../../../docs/form-schema.md', import.meta.url), 'utf8');
  const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!);

  it('has a complete example that the format accepts, covering all five kinds and a listbox with a parent', () => {
    const complete = examples[0]!;
    const result = parseFormSchemaText(complete);
    expect(result).toMatchObject({ success: true });
    const fields = result.success ? (result.data?.fields ?? []) : [];
    expect(new Set(fields.map((field) => field.type))).toEqual(
      new Set(['input', 'textarea', 'radiogroup', 'checkbox', 'listbox']),
    );
    expect(fields.some((field) => field.type === 'listbox' && field.parent)).toBe(true);
    expect(result).toEqual({ success: true, data: FORM_SCHEMA_EXAMPLE });
  });

  it('quotes validation messages exactly as the validator words them', () => {
    const notes = { type: 'textarea', name: 'notes', label: 'Notes' };
    const produced = [
      errorFor([notes, notes]),
      errorFor([{ ...radio, defaultValue: 'x' }]),
      errorFor([city]),
      errorFor([
        { ...notes, name: 'country' },
        { ...city, parent: 'country' },
      ])?.replace(/country/g, 'notes'),
      errorFor([city, country])?.replace(/"country"/, '"district"'),
      errorFor([{ ...city, parent: 'city' }]),
      errorFor([{ ...notes, options: [] }]),
      errorFor([{ type: 'checkbox', name: 'topics', label: 'T', multiple: true }]),
      errorFor([{ ...notes, required: 'yes' }]),
      errorFor([{ ...notes, type: 'slider' }]),
      errorFor([{ ...input, name: 'age', subtype: 'colour' }]),
      (validateFormSchema({ fields: [], title: 'x' }) as { error: string }).error,
    ];
    for (const message of produced) expect(doc).toContain(`\`${message}\``);
  });
});
