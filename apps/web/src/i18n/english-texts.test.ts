import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enSections } from './en-sections';
import { tr } from './tr';
import { flatten } from '../test/texts';

const { messages: _serverMessages, ...trTexts } = tr;
const english = flatten({ ...en, ...enSections });
const turkish = flatten(trTexts);

/**
 * The English texts that stand under two keys because Turkish words them differently there (a
 * role and a person, a column and a button...). Any other text shared by two keys is one text
 * under two names: give it one key (common/ for what several screens say).
 */
const SAME_ENGLISH_OTHER_TURKISH = [
  'Id',
  'Create User',
  'Try again',
  'Sort by id',
  'Occurrence Date',
  // A session cancelled (İptal edildi) and a guest who cancelled (İptal etti).
  'Cancelled',
  // A rule's month, short (May) and whole (Mayıs); its month's last day (son) and a closure's (son gün).
  'May',
  'last day',
  // A rule's months, one (ayının) or several (aylarının).
  '{{months}}',
];

const keysByText = new Map<string, string[]>();
for (const [key, text] of english) keysByText.set(text, [...(keysByText.get(text) ?? []), key]);
const shared = [...keysByText].filter(([, keys]) => keys.length > 1);

describe('English texts', () => {
  it('has each English text under one key', () => {
    expect(shared.filter(([text]) => !SAME_ENGLISH_OTHER_TURKISH.includes(text))).toEqual([]);
  });

  it('shares an English text between keys only where each key has its own Turkish text', () => {
    for (const text of SAME_ENGLISH_OTHER_TURKISH) {
      const keys = keysByText.get(text) ?? [];
      const turkishTexts = keys.map((key) => turkish.get(key));
      expect({ text, shared: keys.length > 1, distinct: new Set(turkishTexts).size === keys.length }).toEqual({
        text,
        shared: true,
        distinct: true,
      });
    }
  });
});
