import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'satori';

/**
 * Noto Sans from @fontsource/noto-sans, regular and bold. The package splits the font into
 * subsets: `ı ü ö ç` are in latin, `ğ ş İ Ğ Ş` only in latin-ext. Satori looks a character up in
 * the families of `fontFamily` in order, but within one family name it uses a single file, so the
 * two subsets are registered under different names and both are listed (one name for both files
 * draws ğ ş İ as boxes; fonts.test.ts fails then). Satori 0.63 reads WOFF2 too; the .woff files
 * spare the Brotli decoding on the first render.
 */
const LATIN = 'NotoSans';
const LATIN_EXT = 'NotoSansExt';
export const FONT_FAMILY = `${LATIN}, ${LATIN_EXT}`;

const FILES = [
  { name: LATIN, subset: 'latin', weight: 400 },
  { name: LATIN, subset: 'latin', weight: 700 },
  { name: LATIN_EXT, subset: 'latin-ext', weight: 400 },
  { name: LATIN_EXT, subset: 'latin-ext', weight: 700 },
] as const;

const require = createRequire(import.meta.url);

let loading: Promise<Font[]> | undefined;

/** The report fonts, read once per process (the first call reads them; a failed read is tried again next time). */
export function reportFonts(): Promise<Font[]> {
  loading ??= Promise.all(
    FILES.map(async ({ name, subset, weight }) => ({
      name,
      weight,
      style: 'normal' as const,
      data: await readFile(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`)),
    })),
  ).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
