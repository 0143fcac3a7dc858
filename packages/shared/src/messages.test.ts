import { describe, expect, it } from 'vitest';
import { codedText, defineMessages, messageCodes, messages } from './index.js';

describe('defineMessages', () => {
  it('refuses a fixed text that another code already has: a response finds the code by the text', () => {
    const first = defineMessages('firstSection', { dayInvalid: 'the day must be a day of the test' });
    expect(() => defineMessages('secondSection', { dayWrong: 'the day must be a day of the test' })).toThrow(
      "secondSection.dayWrong repeats the text of firstSection.dayInvalid ('the day must be a day of the test')",
    );
    expect(codedText(first.dayInvalid)).toEqual({
      message: 'the day must be a day of the test',
      code: 'firstSection.dayInvalid',
    });
  });

  it('gives every fixed text of the shipped catalogs one code', () => {
    const codesOf = new Map<string, string[]>();
    for (const [code, text] of messageCodes()) {
      if (text.includes('{{')) continue;
      codesOf.set(text, [...(codesOf.get(text) ?? []), code]);
    }
    expect([...codesOf].filter(([, codes]) => codes.length > 1)).toEqual([]);
    expect(codedText(messages.nothingToUpdate)).toEqual({
      message: 'Nothing to update',
      code: 'common.nothingToUpdate',
    });
  });
});
