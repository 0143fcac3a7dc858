import { describe, expect, it } from 'vitest';
import { h } from './element.js';
import { FONT_FAMILY, reportFonts } from './fonts.js';
import { svgOf } from './render.js';

/** The outline satori draws for one character alone, at the same spot every time. */
async function outline(character: string, fontWeight: 400 | 700): Promise<string> {
  const svg = await svgOf(h({ fontFamily: FONT_FAMILY, fontSize: 40, fontWeight }, character));
  return [...svg.matchAll(/<path[^>]* d="([^"]+)"/g)].map((match) => match[1]).join(' ');
}

describe('report fonts', () => {
  it('are read once per process', async () => {
    expect(await reportFonts()).toBe(await reportFonts());
    expect((await reportFonts()).map(({ name, weight }) => `${name} ${weight}`)).toEqual([
      'NotoSans 400',
      'NotoSans 700',
      'NotoSansExt 400',
      'NotoSansExt 700',
    ]);
  });

  // A character no font has is drawn as the missing-glyph box, the same box for every such
  // character. Without the latin-ext files, ğ ş İ Ğ Ş come out as that box.
  it.each([400, 700] as const)(
    'draw every Turkish letter as itself, not the missing-glyph box (weight %i)',
    async (weight) => {
      const missing = await outline('一', weight);
      expect(missing).not.toBe('');
      for (const letter of 'ığüşöçİĞÜŞÖÇ') {
        const drawn = await outline(letter, weight);
        expect(drawn, letter).not.toBe('');
        expect(drawn, letter).not.toBe(missing);
      }
    },
  );

  it('draw the bold weight from the bold files', async () => {
    for (const letter of 'aşİ') expect(await outline(letter, 700), letter).not.toBe(await outline(letter, 400));
  });
});
