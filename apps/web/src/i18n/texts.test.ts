import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enSections } from './en-sections';
import { tr } from './tr';
import { flatten, placeholders } from '../test/texts';

const { messages: _serverMessages, ...trTexts } = tr;
const enFiles: Record<string, Record<string, unknown>> = import.meta.glob('./en/*.ts', { eager: true });
const trFiles: Record<string, Record<string, unknown>> = import.meta.glob(['./tr/*.ts', '!./tr/messages.ts'], {
  eager: true,
});
const english = flatten({ ...en, ...enSections });
const turkish = flatten(trTexts);

describe('web texts', () => {
  it('defines each section in one file of en/ and of tr/, and every file is in the bundles', () => {
    for (const [files, bundle] of [
      [enFiles, { ...en, ...enSections }],
      [trFiles, trTexts],
    ] as const) {
      // A file exports its section (or, shell.ts, the shell's sections): each section comes from one file.
      const sections = Object.entries(files).flatMap(([file, exports]) =>
        Object.values(exports).flatMap((value) =>
          file.endsWith('/shell.ts') ? Object.keys(value as object) : [file.replace(/^.*\/|\.ts$/g, '')],
        ),
      );
      expect(new Set(sections).size).toBe(sections.length);
      expect(sections.length).toBe(Object.keys(bundle).length);
    }
  });

  it('has every English text in Turkish', () => {
    expect([...english.keys()].filter((key) => !turkish.has(key))).toEqual([]);
  });

  it('has no Turkish text without its English one', () => {
    expect([...turkish.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('puts the same values in both languages', () => {
    const mismatched = [...english].filter(
      ([key, text]) => turkish.has(key) && placeholders(text).join() !== placeholders(turkish.get(key)!).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
