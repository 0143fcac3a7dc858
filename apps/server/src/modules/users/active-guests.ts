import type { Text } from '@ritim/shared';
import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';

/**
 * Only active guest-role users may be an event's or an occurrence's guests (docs/product.md §4). The ids of
 * `guestIds` that are, as an array expression: a caller with more to check in the same round
 * trip puts it in its own select (events/service.ts), then hands the answer to `assertAllActive`.
 */
export function activeGuestIds(guestIds: readonly number[] | SQL | Placeholder): SQL<number[]> {
  const ids = Array.isArray(guestIds) ? idArray(guestIds) : guestIds;
  return sql<number[]>`array(select ${users.id} from ${users} where ${users.id} = any(${ids}::integer[])
    and ${users.role} = 'guest' and ${users.status} = 'active')`;
}

/** Ids as one `integer[]` parameter's text, so a statement's shape does not depend on their number. */
export const idArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The first of `guestIds` not among `found` answers 400 with `message(id)`. */
export function assertAllActive(
  guestIds: readonly number[],
  found: readonly number[],
  message: (values: { id: number }) => Text,
): void {
  const ok = new Set(found.map(Number));
  const missing = guestIds.find((id) => !ok.has(id));
  if (missing !== undefined) throw new AppError(400, message({ id: missing }));
}

/** Both of the above in one query for the whole list. */
export async function assertActiveGuests(
  db: Pick<Db, 'execute'>,
  guestIds: number[],
  message: (values: { id: number }) => Text,
): Promise<void> {
  if (guestIds.length === 0) return;
  const result = await db.execute<{ ids: number[] }>(sql`select ${activeGuestIds(guestIds)} as ids`);
  assertAllActive(guestIds, (result as { rows: { ids: number[] }[] }).rows[0]!.ids, message);
}
