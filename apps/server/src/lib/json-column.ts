import { type SQL, sql } from 'drizzle-orm';

/** Drivers hand a JSON column back parsed or as text depending on its type: accept both. */
export const jsonColumn = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** An instant as the API writes it in JSON (ISO 8601 in UTC, with milliseconds), made by the database. */
export const isoInstant = (instant: SQL) =>
  sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
