import { z } from 'zod';

/**
 * Record ids, decided once (docs/architecture.md#api-contract): an id is a plain positive whole number within PostgreSQL's
 * `integer` range.
 *
 * - In a path or a query string an id is text and must be written canonically: digits only, no
 *   leading zero, sign, space, decimal point or exponent (`' 1'`, `'0001'`, `'+1'`, `'1e0'`,
 *   `'1.0'`, `'0'`, `''` and `'2147483648'` are refused).
 * - In a JSON body an id must be a JSON number (a string such as `"1"` is refused). JSON does not
 *   tell `1.0` or `1e0` from `1` (they parse to the same number), so those are the id 1; `1.5`,
 *   `0`, `-1` and `2147483648` are refused.
 */
export const MAX_ID = 2_147_483_647;

const CANONICAL_ID = /^[1-9]\d{0,9}$/;

/** The id written in `text`, if it is canonical and in range, else null (the web's route ids use it too). */
export function parseId(text: string | undefined | null): number | null {
  if (typeof text !== 'string' || !CANONICAL_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** An id in a JSON body: an integer number from 1 to MAX_ID, else `message`. */
export const idField = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

/** An id in a path or query string: canonical digits (see above), as a number, else `message`. */
export const idText = (message: string) =>
  z.string({ error: message }).regex(CANONICAL_ID, message).transform(Number).pipe(z.number().max(MAX_ID, message));
