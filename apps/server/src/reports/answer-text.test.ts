import { type FormField, FORM_SCHEMA_EXAMPLE } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import { answerText, NO_ANSWER } from './answer-text.js';
import type { LookupLabels } from './types.js';

const field = (name: string): FormField => {
  const found = FORM_SCHEMA_EXAMPLE.fields.find((one) => one.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};
const lookups: LookupLabels = new Map([
  ['country', new Map([['tr', 'Türkiye']])],
  // The same value under another key has its own label.
  [
    'city',
    new Map([
      ['tr', 'Trabzon'],
      ['ist', 'İstanbul'],
    ]),
  ],
]);

describe('answerText', () => {
  it('shows a radiogroup answer by its option label, not its value', () => {
    expect(answerText(field('attendance'), 'late', lookups)).toBe('Late');
  });

  it('shows a single checkbox as Yes or No', () => {
    expect(answerText(field('follow_up'), true, lookups)).toBe('Yes');
    expect(answerText(field('follow_up'), false, lookups)).toBe('No');
  });

  it("joins several ticked options' labels with ', ' in the order they were ticked", () => {
    expect(answerText(field('topics'), ['writing', 'reading'], lookups)).toBe('Writing, Reading');
    expect(answerText(field('topics'), ['reading'], lookups)).toBe('Reading');
  });

  it("shows a listbox answer by its lookup's label under the field's lookup key", () => {
    expect(answerText(field('country'), 'tr', lookups)).toBe('Türkiye');
    expect(answerText(field('city'), 'tr', lookups)).toBe('Trabzon');
    expect(answerText(field('city'), 'ist', lookups)).toBe('İstanbul');
  });

  it('shows text and numbers as written (trimmed)', () => {
    expect(answerText(field('first_name'), '  Ayşe ', lookups)).toBe('Ayşe');
    expect(answerText(field('Aciklama'), 'Satır 1\nSatır 2', lookups)).toBe('Satır 1\nSatır 2');
    expect(answerText({ type: 'input', name: 'age', label: 'Age', subtype: 'number' }, 42, lookups)).toBe('42');
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['blank text', '   '],
    ['an empty list', []],
  ])('shows %s as — for every kind of field', (_, value) => {
    for (const name of ['first_name', 'Aciklama', 'attendance', 'topics', 'follow_up', 'country']) {
      expect(answerText(field(name), value, lookups)).toBe(NO_ANSWER);
    }
    expect(NO_ANSWER).toBe('—');
  });

  it('shows a value the field no longer offers as stored rather than hiding it', () => {
    expect(answerText(field('attendance'), 'excused', lookups)).toBe('excused');
    expect(answerText(field('topics'), ['reading', 'maths'], lookups)).toBe('Reading, maths');
    expect(answerText(field('country'), 'de', lookups)).toBe('de');
    expect(answerText(field('country'), 'tr', new Map())).toBe('tr');
  });

  it('still gives text for answers stored before the field changed kind', () => {
    expect(answerText(field('topics'), 'reading', lookups)).toBe('Reading');
    expect(answerText(field('follow_up'), 'yes please', lookups)).toBe('yes please');
    expect(answerText(field('first_name'), ['a', 'b'], lookups)).toBe('["a","b"]');
    expect(answerText(field('first_name'), true, lookups)).toBe('true');
  });
});
