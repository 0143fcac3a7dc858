import type { Text } from '@ritim/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * Only active guest-role users may be an event's or an occurrence's guests (spec §4): one query
 * for the whole list; the first id that is not one answers 400 with `message(id)`.
 */
export async function assertActiveGuests(
  db: Pick<Db, 'select'>,
  guestIds: number[],
  message: (values: { id: number }) => Text,
): Promise<void> {
  if (guestIds.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, guestIds), eq(users.role, 'guest'), eq(users.status, 'active')));
  const ok = new Set(found.map((u) => u.id));
  const missing = guestIds.find((id) => !ok.has(id));
  if (missing !== undefined) throw new AppError(400, message({ id: missing }));
}
