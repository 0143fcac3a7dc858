import { FORM_SCHEMA_EXAMPLE, type EventOccurrence, type FormField, type Lookup } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import { canOpenPath } from '../../auth/route-access';
import { routes } from '../../routes';
import {
  dependentListboxes,
  fieldKey,
  findSubmission,
  initialValues,
  listboxChoices,
  lookupKeysOf,
  missingRequired,
  occurrenceDay,
  submissionData,
} from './fill-values';

/** first_name, session_date (disabled), attendance, topics, follow_up, country, city (under country), Aciklama. */
const fields = FORM_SCHEMA_EXAMPLE.fields;
const key = (name: string) => fieldKey(fields.findIndex((field) => field.name === name));

const lookup = (id: number, lookupKey: string, value: string, parentId: number | null = null): Lookup => ({
  id,
  key: lookupKey,
  value,
  label: `${value} label`,
  parentId,
  lookupableType: 'groups',
  lookupableId: 1,
  lookupableDisplay: 'Group',
});

describe('initialValues', () => {
  it('starts a new submission empty, with the radiogroup’s default chosen', () => {
    expect(initialValues(fields, undefined)).toEqual({
      [key('first_name')]: '',
      [key('session_date')]: '',
      [key('attendance')]: 'attended',
      [key('topics')]: [],
      [key('follow_up')]: false,
      [key('country')]: null,
      [key('city')]: null,
      [key('Aciklama')]: '',
    });
  });

  it('puts back an earlier submission’s answers, and no default where it has none', () => {
    const data = {
      first_name: 'Ayşe',
      topics: ['writing'],
      follow_up: true,
      country: 'TR',
      city: 'IST',
      Aciklama: 'Joined late',
    };
    expect(initialValues(fields, data)).toEqual({
      [key('first_name')]: 'Ayşe',
      [key('session_date')]: '',
      [key('attendance')]: '',
      [key('topics')]: ['writing'],
      [key('follow_up')]: true,
      [key('country')]: 'TR',
      [key('city')]: 'IST',
      [key('Aciklama')]: 'Joined late',
    });
  });

  it('drops stored answers that no longer fit the field (an older version of the form)', () => {
    const data = { first_name: 12, attendance: 'gone', topics: ['reading', 'dancing', 3], follow_up: 'yes', city: '' };
    const values = initialValues(fields, data);
    expect(values[key('first_name')]).toBe('');
    expect(values[key('attendance')]).toBe('');
    expect(values[key('topics')]).toEqual(['reading']);
    expect(values[key('follow_up')]).toBe(false);
    expect(values[key('city')]).toBeNull();
  });

  it('reads a number field’s answer as a number, whether stored as a number or as its text', () => {
    const age: FormField[] = [{ type: 'input', name: 'age', label: 'Age', subtype: 'number' }];
    expect(initialValues(age, { age: 42 })).toEqual({ f0: 42 });
    expect(initialValues(age, { age: '7.5' })).toEqual({ f0: 7.5 });
    expect(initialValues(age, { age: 'many' })).toEqual({ f0: undefined });
    expect(initialValues(age, undefined)).toEqual({ f0: undefined });
  });

  it('keys fields by position, so any field name is a plain key', () => {
    const odd: FormField[] = [{ type: 'input', name: 'constructor', label: 'Builder' }];
    expect(initialValues(odd, { constructor: 'Mimar Sinan' })).toEqual({ f0: 'Mimar Sinan' });
    expect(submissionData(odd, { f0: 'Mimar Sinan' })).toEqual({ constructor: 'Mimar Sinan' });
  });
});

describe('missingRequired', () => {
  it('names the required fields left empty, blank text and an unticked yes/no box included', () => {
    const required: FormField[] = [
      { type: 'input', name: 'name', label: 'Name', required: true },
      { type: 'checkbox', name: 'consent', label: 'Consent', required: true },
      { type: 'checkbox', name: 'days', label: 'Days', required: true, multiple: true, options: [] },
      { type: 'listbox', name: 'country', label: 'Country', lookupKey: 'country', required: true },
      { type: 'input', name: 'age', label: 'Age', subtype: 'number', required: true },
      { type: 'input', name: 'locked', label: 'Locked', required: true, disabled: true },
      { type: 'textarea', name: 'notes', label: 'Notes' },
    ];
    expect(missingRequired(required, { f0: '  ', f1: false, f2: [], f3: null, f4: undefined, f5: '', f6: '' })).toEqual(
      [
        { key: 'f0', label: 'Name' },
        { key: 'f1', label: 'Consent' },
        { key: 'f2', label: 'Days' },
        { key: 'f3', label: 'Country' },
        { key: 'f4', label: 'Age' },
      ],
    );
    expect(missingRequired(required, { f0: 'Ali', f1: true, f2: ['mon'], f3: 'TR', f4: 0 })).toEqual([]);
  });
});

describe('dependentListboxes', () => {
  it('lists every listbox below a field, through the listboxes in between', () => {
    const chain: FormField[] = [
      { type: 'listbox', name: 'country', label: 'Country', lookupKey: 'country' },
      { type: 'input', name: 'note', label: 'Note' },
      { type: 'listbox', name: 'city', label: 'City', lookupKey: 'city', parent: 'country' },
      { type: 'listbox', name: 'district', label: 'District', lookupKey: 'district', parent: 'city' },
      { type: 'listbox', name: 'school', label: 'School', lookupKey: 'school', parent: 'country' },
      { type: 'listbox', name: 'street', label: 'Street', lookupKey: 'street', parent: 'district' },
    ];
    expect(dependentListboxes(chain)).toEqual(
      new Map([
        ['f0', ['f2', 'f4', 'f3', 'f5']],
        ['f2', ['f3', 'f5']],
        ['f3', ['f5']],
      ]),
    );
  });

  it('has nothing to clear for a form without dependent listboxes', () => {
    expect(dependentListboxes(fields.filter((field) => field.name !== 'city')).size).toBe(0);
  });
});

describe('listboxChoices', () => {
  const country = fields.find((field) => field.name === 'country')!;
  const city = fields.find((field) => field.name === 'city')!;
  if (country.type !== 'listbox' || city.type !== 'listbox') throw new Error('the example has listboxes');
  const lookups = [
    lookup(1, 'country', 'TR'),
    lookup(2, 'country', 'GB'),
    lookup(3, 'city', 'IST', 1),
    lookup(4, 'city', 'ANK', 1),
    lookup(5, 'city', 'LON', 2),
    // The same country from another of the organiser's groups, with a city of its own.
    lookup(6, 'country', 'TR'),
    lookup(7, 'city', 'IZM', 6),
    lookup(8, 'city', 'IST', 6),
  ];

  it('offers the lookups of the listbox’s key, each value once', () => {
    expect(listboxChoices(country, lookups)).toEqual([
      { value: 'TR', label: 'TR label' },
      { value: 'GB', label: 'GB label' },
    ]);
  });

  it('offers a dependent listbox only the children of the lookup chosen in its parent', () => {
    expect(listboxChoices(city, lookups, { lookupKey: 'country', value: 'TR' })?.map((c) => c.value)).toEqual([
      'IST',
      'ANK',
      'IZM',
    ]);
    expect(listboxChoices(city, lookups, { lookupKey: 'country', value: 'GB' })?.map((c) => c.value)).toEqual(['LON']);
    expect(listboxChoices(city, lookups, { lookupKey: 'country', value: 'FR' })).toEqual([]);
  });

  it('offers nothing until the parent has a choice', () => {
    expect(listboxChoices(city, lookups, { lookupKey: 'country', value: null })).toBeNull();
    expect(listboxChoices(city, lookups, { lookupKey: 'country', value: '' })).toBeNull();
  });

  it('asks for each lookup key once', () => {
    const twice: FormField[] = [...fields, { type: 'listbox', name: 'home_city', label: 'Home', lookupKey: 'city' }];
    expect(lookupKeysOf(twice)).toEqual(['country', 'city']);
  });
});

describe('submissionData', () => {
  it('sends each answer under its field’s name, leaving out disabled fields and empty numbers', () => {
    const values = {
      ...initialValues(fields, undefined),
      [key('first_name')]: 'Ayşe',
      [key('session_date')]: '2026-07-06',
      [key('country')]: 'TR',
    };
    expect(submissionData(fields, values)).toEqual({
      first_name: 'Ayşe',
      attendance: 'attended',
      topics: [],
      follow_up: false,
      country: 'TR',
      city: null,
      Aciklama: '',
    });
    const age: FormField[] = [{ type: 'input', name: 'age', label: 'Age', subtype: 'number' }];
    expect(submissionData(age, { f0: undefined })).toEqual({});
    expect(submissionData(age, { f0: Number.NaN })).toEqual({});
    expect(submissionData(age, { f0: 0 })).toEqual({ age: 0 });
  });
});

const occurrence = {
  id: 501,
  occurrenceDate: '2026-03-29T22:30:00.000Z',
  formSubmissions: [
    { id: 1, form: { id: 1, title: 'Session notes' }, user: { id: 21, name: 'Ali', surname: 'Demir' } },
    { id: 2, form: { id: 2, title: 'Progress' }, user: { id: 22, name: 'Can', surname: 'Öz' } },
    { id: 3, form: { id: 2, title: 'Progress' }, user: null },
  ],
} as unknown as EventOccurrence;

describe('findSubmission', () => {
  it('finds the submission of the form about the guest, or about no one guest', () => {
    expect(findSubmission(occurrence, 1, 21)?.id).toBe(1);
    expect(findSubmission(occurrence, 2, 22)?.id).toBe(2);
    expect(findSubmission(occurrence, 2, null)?.id).toBe(3);
    expect(findSubmission(occurrence, 1, 22)).toBeUndefined();
    expect(findSubmission(occurrence, 1, null)).toBeUndefined();
  });
});

describe('occurrenceDay', () => {
  it('is the day the occurrence falls on in the reader’s zone', () => {
    // 22:30 UTC the night London moves to summer time: still 29 March in London, 30 March in Istanbul.
    expect(occurrenceDay(occurrence, 'Europe/London')).toBe('2026-03-29');
    expect(occurrenceDay(occurrence, 'Europe/Istanbul')).toBe('2026-03-30');
  });
});

describe('the Fill Form route', () => {
  it('is open to admins and editors only, outside the admin-only forms section', () => {
    const path = '/forms/1/form-submission/501';
    expect(canOpenPath('admin', routes, path)).toBe(true);
    expect(canOpenPath('editor', routes, path)).toBe(true);
    expect(canOpenPath('guest', routes, path)).toBe(false);
    expect(canOpenPath('editor', routes, '/forms/1/edit')).toBe(false);
  });
});
