import {
  FORM_SCHEMA_EXAMPLE,
  type FormField,
  type FormSchema,
  LOOKUP_TEXT_MAX,
  SUBMISSION_TEXT_MAX,
  submissionMessages as m,
} from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import { checkChoices, type LookupCandidate, parseSubmissionData, validateSubmission } from './validate.js';

const schemaOf = (...fields: FormField[]): FormSchema => ({ fields });
const option = (value: string) => ({ key: value, value, label: value.toUpperCase() });
const input = (subtype: NonNullable<Extract<FormField, { type: 'input' }>['subtype']>, extra = {}): FormField => ({
  type: 'input',
  name: 'answer',
  label: 'Answer',
  subtype,
  ...extra,
});
const attendance: FormField = {
  type: 'radiogroup',
  name: 'attendance',
  label: 'Attendance',
  required: true,
  defaultValue: 'attended',
  options: [option('attended'), option('absent')],
};
const topics: FormField = {
  type: 'checkbox',
  name: 'topics',
  label: 'Topics',
  multiple: true,
  options: [option('reading'), option('writing')],
};
const followUp: FormField = { type: 'checkbox', name: 'follow_up', label: 'Follow-up' };
const country: FormField = { type: 'listbox', name: 'country', label: 'Country', lookupKey: 'country' };
const city: FormField = { type: 'listbox', name: 'city', label: 'City', lookupKey: 'city', parent: 'country' };

/** The stored data, or the message. */
const run = (schema: FormSchema | null, data: Record<string, unknown>) => {
  const result = validateSubmission(schema, data);
  return result.success ? { data: result.data } : { error: result.error };
};

describe('parseSubmissionData', () => {
  it('takes an object as it is and JSON text as the object it holds', () => {
    expect(parseSubmissionData({ a: 1 })).toMatchObject({ success: true, data: { a: 1 } });
    expect(parseSubmissionData('{"a": "x"}')).toMatchObject({ success: true, data: { a: 'x' } });
  });

  it.each(['{"a":', '', "{'a': 1}", 'undefined'])('refuses text that is not JSON (%j) with dataJson', (text) => {
    expect(parseSubmissionData(text)).toMatchObject({ success: false, error: m.dataJson });
  });

  it.each(['[1]', '"text"', '42', 'null', 'true'])('refuses JSON that is not an object (%s) with dataType', (text) => {
    expect(parseSubmissionData(text)).toMatchObject({ success: false, error: m.dataType });
  });

  it('refuses NUL that only appears once the text is decoded', () => {
    expect(parseSubmissionData('{"a": "x\\u0000y"}')).toEqual({
      success: false,
      error: 'Text must not contain the NUL character (U+0000)',
    });
  });
});

describe('validateSubmission: names', () => {
  it('refuses a name the form does not have, naming it', () => {
    expect(run(schemaOf(followUp), { follow_up: true, colour: 'red' })).toEqual({
      error: m.unknownField({ name: 'colour' }),
    });
    expect(run(null, { anything: 1 })).toEqual({ error: m.unknownField({ name: 'anything' }) });
  });

  it('cuts a very long unknown name short in the message', () => {
    expect(run(null, { ['x'.repeat(5000)]: 1 })).toEqual({ error: m.unknownField({ name: `${'x'.repeat(64)}…` }) });
  });

  it('does not mistake inherited names (constructor, __proto__) for fields', () => {
    expect(run(schemaOf(followUp), JSON.parse('{"__proto__": 1}') as Record<string, unknown>)).toEqual({
      error: m.unknownField({ name: '__proto__' }),
    });
    expect(run(schemaOf({ ...followUp, required: true }), {})).toEqual({ error: m.required({ label: 'Follow-up' }) });
    expect(run(schemaOf({ type: 'textarea', name: 'constructor', label: 'C', required: true }), {})).toEqual({
      error: m.required({ label: 'C' }),
    });
  });

  it('stores a field named __proto__ as data', () => {
    const data = JSON.parse('{"__proto__":"x"}') as Record<string, unknown>;
    const result = run(schemaOf({ type: 'textarea', name: '__proto__', label: 'P' }), data);
    expect(JSON.stringify(result.data)).toBe('{"__proto__":"x"}');
  });

  it('accepts an empty form with no data, and a form without a schema', () => {
    expect(run(null, {})).toEqual({ data: {} });
    expect(run(schemaOf(), {})).toEqual({ data: {} });
  });
});

describe('validateSubmission: required', () => {
  it.each([
    ['missing', {}],
    ['null', { answer: null }],
    ['empty text', { answer: '' }],
    ['blank text', { answer: '  \n ' }],
  ])('treats %s as not answered', (_, data) => {
    expect(run(schemaOf(input('text', { required: true })), data)).toEqual({ error: m.required({ label: 'Answer' }) });
    expect(run(schemaOf(input('text')), data)).toEqual({ data: {} });
  });

  it("does not count a radiogroup's defaultValue as an answer", () => {
    expect(run(schemaOf(attendance), {})).toEqual({ error: m.required({ label: 'Attendance' }) });
    expect(run(schemaOf(attendance), { attendance: 'attended' })).toEqual({ data: { attendance: 'attended' } });
  });

  it('treats an empty list of a multiple checkbox as not answered', () => {
    expect(run(schemaOf({ ...topics, required: true }), { topics: [] })).toEqual({
      error: m.required({ label: 'Topics' }),
    });
    expect(run(schemaOf(topics), { topics: [] })).toEqual({ data: {} });
  });

  it('needs a required yes/no box ticked; an optional one stores false', () => {
    const required = { ...followUp, required: true };
    expect(run(schemaOf(required), { follow_up: false })).toEqual({ error: m.required({ label: 'Follow-up' }) });
    expect(run(schemaOf(required), { follow_up: true })).toEqual({ data: { follow_up: true } });
    expect(run(schemaOf(followUp), { follow_up: false })).toEqual({ data: { follow_up: false } });
  });

  it('reports the first problem in the order of the fields', () => {
    const fields = schemaOf(input('number', { name: 'age', label: 'Age', required: true }), attendance);
    expect(run(fields, { attendance: 'nope' })).toEqual({ error: m.required({ label: 'Age' }) });
    expect(run(fields, { age: 3 })).toEqual({ error: m.required({ label: 'Attendance' }) });
  });
});

describe('validateSubmission: disabled fields', () => {
  it('drops what is sent for a disabled field, and never asks for one', () => {
    const date = input('date', { name: 'session_date', label: 'Date', disabled: true, required: true });
    expect(run(schemaOf(date, followUp), { session_date: 'not a date', follow_up: true })).toEqual({
      data: { follow_up: true },
    });
    expect(run(schemaOf(date), {})).toEqual({ data: {} });
  });
});

describe('validateSubmission: text', () => {
  it('trims text and keeps it as text, for input and textarea', () => {
    const notes: FormField = { type: 'textarea', name: 'notes', label: 'Notes' };
    expect(run(schemaOf(input('text'), notes), { answer: '  Ayşe ', notes: ' line 1\nline 2 ' })).toEqual({
      data: { answer: 'Ayşe', notes: 'line 1\nline 2' },
    });
    expect(run(schemaOf(input('tel')), { answer: ' +44 20 7946 0000 ' })).toEqual({
      data: { answer: '+44 20 7946 0000' },
    });
  });

  it.each([42, true, ['a'], { a: 1 }, 'bad \ud800 surrogate'])('refuses %j as text with mustBeText', (value) => {
    expect(run(schemaOf(input('text')), { answer: value })).toEqual({ error: m.mustBeText({ label: 'Answer' }) });
  });

  it(`allows ${SUBMISSION_TEXT_MAX} characters and refuses one more with tooLong`, () => {
    const notes: FormField = { type: 'textarea', name: 'notes', label: 'Notes' };
    expect(run(schemaOf(notes), { notes: 'a'.repeat(SUBMISSION_TEXT_MAX) }).data).toBeDefined();
    expect(run(schemaOf(notes), { notes: 'a'.repeat(SUBMISSION_TEXT_MAX + 1) })).toEqual({
      error: m.tooLong({ label: 'Notes', max: SUBMISSION_TEXT_MAX }),
    });
  });
});

describe('validateSubmission: input subtypes', () => {
  it.each([
    [12, 12],
    [-3.5, -3.5],
    ['42', 42],
    [' -0.25 ', -0.25],
    ['1e3', 1000],
    ['.5', 0.5],
  ])('number: %j is stored as %j', (value, stored) => {
    expect(run(schemaOf(input('number')), { answer: value })).toEqual({ data: { answer: stored } });
  });

  it.each([['12abc'], ['0x10'], ['1,5'], ['Infinity'], ['1e400'], ['NaN'], [true], [[1]], [Number.NaN]])(
    'number: refuses %j with mustBeNumber',
    (value) => {
      expect(run(schemaOf(input('number')), { answer: value })).toEqual({ error: m.mustBeNumber({ label: 'Answer' }) });
    },
  );

  it('email: takes an address, refuses other text', () => {
    expect(run(schemaOf(input('email')), { answer: ' a.b@example.com ' })).toEqual({
      data: { answer: 'a.b@example.com' },
    });
    for (const bad of ['a@b', 'a b@c.d', 'example.com', '@x.y']) {
      expect(run(schemaOf(input('email')), { answer: bad })).toEqual({ error: m.mustBeEmail({ label: 'Answer' }) });
    }
  });

  it('date: takes a real YYYY-MM-DD day, refuses impossible days and other forms', () => {
    expect(run(schemaOf(input('date')), { answer: '2024-02-29' })).toEqual({ data: { answer: '2024-02-29' } });
    for (const bad of ['2023-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024-01-01T10:00', '01/02/2024']) {
      expect(run(schemaOf(input('date')), { answer: bad })).toEqual({ error: m.mustBeDate({ label: 'Answer' }) });
    }
  });

  it('time: takes HH:mm, refuses other forms', () => {
    expect(run(schemaOf(input('time')), { answer: '23:59' })).toEqual({ data: { answer: '23:59' } });
    expect(run(schemaOf(input('time')), { answer: '00:00' })).toEqual({ data: { answer: '00:00' } });
    for (const bad of ['24:00', '9:30', '12:60', '12:30:00', 'noon']) {
      expect(run(schemaOf(input('time')), { answer: bad })).toEqual({ error: m.mustBeTime({ label: 'Answer' }) });
    }
  });

  it('url: takes http and https addresses, refuses other schemes and non-URLs', () => {
    expect(run(schemaOf(input('url')), { answer: 'https://example.com/a?b=1' })).toEqual({
      data: { answer: 'https://example.com/a?b=1' },
    });
    for (const bad of ['example.com', 'javascript:alert(1)', 'ftp://example.com', 'mailto:a@b.c', 'http://']) {
      expect(run(schemaOf(input('url')), { answer: bad })).toEqual({ error: m.mustBeUrl({ label: 'Answer' }) });
    }
  });
});

describe('validateSubmission: choices', () => {
  it('radiogroup: one of the option values', () => {
    expect(run(schemaOf(attendance), { attendance: 'absent' })).toEqual({ data: { attendance: 'absent' } });
    for (const bad of ['late', 'ABSENT', 1, ['absent'], true]) {
      expect(run(schemaOf(attendance), { attendance: bad })).toEqual({
        error: m.mustBeOption({ label: 'Attendance' }),
      });
    }
  });

  it('multiple checkbox: a list of option values without repeats', () => {
    expect(run(schemaOf(topics), { topics: ['writing', 'reading'] })).toEqual({
      data: { topics: ['writing', 'reading'] },
    });
    for (const bad of ['reading', ['reading', 'reading'], ['drawing'], [1], [null], { 0: 'reading' }]) {
      expect(run(schemaOf(topics), { topics: bad })).toEqual({ error: m.mustBeOptions({ label: 'Topics' }) });
    }
  });

  it('single checkbox: true or false only', () => {
    for (const bad of ['true', 1, 0, ['x']]) {
      expect(run(schemaOf(followUp), { follow_up: bad })).toEqual({ error: m.mustBeBoolean({ label: 'Follow-up' }) });
    }
  });

  it('listbox: text, returned as a choice to look up (with its parent field)', () => {
    const result = validateSubmission(schemaOf(country, city), { country: ' TR ', city: 'IST' });
    expect(result).toEqual({
      success: true,
      data: { country: 'TR', city: 'IST' },
      choices: [
        { name: 'country', label: 'Country', lookupKey: 'country', value: 'TR' },
        {
          name: 'city',
          label: 'City',
          lookupKey: 'city',
          value: 'IST',
          parent: { name: 'country', label: 'Country' },
        },
      ],
    });
  });

  it('listbox: refuses what cannot be a lookup value without asking for lookups', () => {
    for (const bad of [34, true, ['TR'], 'x'.repeat(LOOKUP_TEXT_MAX + 1)]) {
      expect(run(schemaOf(country), { country: bad })).toEqual({ error: m.mustBeLookup({ label: 'Country' }) });
    }
  });

  it('the documented example schema takes a full answer', () => {
    const result = run(FORM_SCHEMA_EXAMPLE, {
      first_name: 'Ayşe',
      attendance: 'late',
      topics: ['reading'],
      follow_up: true,
      country: 'TR',
      city: 'IST',
      Aciklama: 'Good',
    });
    expect(result).toEqual({
      data: {
        first_name: 'Ayşe',
        attendance: 'late',
        topics: ['reading'],
        follow_up: true,
        country: 'TR',
        city: 'IST',
        Aciklama: 'Good',
      },
    });
  });
});

describe('checkChoices', () => {
  const lookup = (id: number, key: string, value: string, parentId: number | null = null): LookupCandidate => ({
    id,
    key,
    value,
    parentId,
  });
  const choices = (data: Record<string, unknown>) => {
    const result = validateSubmission(schemaOf(country, city), data);
    if (!result.success) throw new Error(String(result.error));
    return result.choices;
  };
  const turkey = lookup(1, 'country', 'TR');
  const england = lookup(2, 'country', 'GB');
  const istanbul = lookup(3, 'city', 'IST', 1);
  const london = lookup(4, 'city', 'LON', 2);

  it('accepts lookups of the right key whose parent is the chosen parent', () => {
    expect(checkChoices(choices({ country: 'TR', city: 'IST' }), [turkey, england, istanbul, london])).toBeUndefined();
    expect(checkChoices(choices({ country: 'GB' }), [england])).toBeUndefined();
  });

  it('refuses a value with no lookup of that key, naming the field', () => {
    expect(checkChoices(choices({ country: 'FR' }), [turkey])).toEqual(m.mustBeLookup({ label: 'Country' }));
    // The value exists, but under another key.
    expect(checkChoices(choices({ country: 'TR', city: 'TR' }), [turkey, istanbul])).toEqual(
      m.mustBeLookup({ label: 'City' }),
    );
  });

  it('refuses a child whose lookup belongs to another parent, or when the parent is not answered', () => {
    expect(checkChoices(choices({ country: 'TR', city: 'LON' }), [turkey, england, london])).toEqual(
      m.parentMismatch({ label: 'City', parent: 'Country' }),
    );
    expect(checkChoices(choices({ city: 'IST' }), [istanbul])).toEqual(
      m.parentMismatch({ label: 'City', parent: 'Country' }),
    );
  });

  it('accepts a value that exists under several parents when one of them is the chosen one', () => {
    const springfieldGb = lookup(5, 'city', 'SPR', 2);
    const springfieldTr = lookup(6, 'city', 'SPR', 1);
    expect(checkChoices(choices({ country: 'TR', city: 'SPR' }), [turkey, springfieldGb, springfieldTr])).toBe(
      undefined,
    );
  });
});
