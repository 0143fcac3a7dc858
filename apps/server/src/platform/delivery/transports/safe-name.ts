import { createHash } from 'node:crypto';
import path from 'node:path';

const MAX_LENGTH = 80;

/**
 * Text made safe for a file name or a Message-ID local part: ASCII letters, digits, `_` and `-`
 * only (accents dropped, so `Şubat` is `Subat`), no leading dash, at most 80 characters.
 * When anything had to change, a short hash of the original is appended, so two different texts
 * never end up with the same name.
 */
export function safeName(text: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_LENGTH);
  if (cleaned === text && cleaned !== '') return cleaned;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
  return cleaned === '' ? hash : `${cleaned}-${hash}`;
}

/** A file name made safe the same way, keeping its extension last (`Rapor Şubat.jpg` → `Rapor-Subat-<hash>.jpg`). */
export function safeFileName(filename: string): string {
  const extension = /^\.[A-Za-z0-9]{1,10}$/.test(path.extname(filename)) ? path.extname(filename) : '';
  return `${safeName(filename.slice(0, filename.length - extension.length))}${extension.toLowerCase()}`;
}
