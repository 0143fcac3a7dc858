import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../jobs/queue.js';
import type { NewMessage } from '../../messaging/outbox.js';

/** An active guest of an occurrence, with what it takes to reach them. */
export interface GuestContact {
  occurrenceId: number;
  id: number;
  name: string;
  timezone: string;
  email: string | null;
  phone: string | null;
  messageGroup: { id: number; name: string; chatId: string | null } | null;
}

/** Name and surname as a message names a person (the username when both are empty). */
export const personName = (name: string | null, surname: string | null, fallback: string) =>
  [name, surname].filter((part) => part && part.trim()).join(' ') || fallback;

interface GuestRow {
  occurrenceId: number;
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
  timezone: string;
  email: string | null;
  phone: string | null;
  groupId: number | null;
  groupName: string | null;
  chatId: string | null;
}

/**
 * The guests that count for each occurrence (DESIGN §4: its own list when hasGuestOverride, else
 * the event's; active users only), with their message group: one statement for any number of
 * occurrences.
 */
export async function occurrenceGuestContacts(db: Db | Executor, occurrenceIds: number[]): Promise<GuestContact[]> {
  if (occurrenceIds.length === 0) return [];
  const ids = sql.join(
    occurrenceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return guestContacts(db, sql`o.id in (${ids})`);
}

/** The guests of the occurrences starting in [start, end), as occurrenceGuestContacts. */
export function guestContactsBetween(db: Db | Executor, start: Date, end: Date): Promise<GuestContact[]> {
  return guestContacts(
    db,
    sql`o.starts_at >= ${start.toISOString()}::timestamptz and o.starts_at < ${end.toISOString()}::timestamptz`,
  );
}

/** `where` is a condition on the occurrences, aliased `o`. */
async function guestContacts(db: Db | Executor, where: SQL): Promise<GuestContact[]> {
  const result: unknown = await db.execute(sql`
    select o.id as "occurrenceId", g.id, g.username, g.name, g.surname, g.timezone, g.email, g.phone,
      mg.id as "groupId", mg.name as "groupName", mg.external_id as "chatId"
    from event_occurrences o
    join lateral (
      select og.user_id from occurrence_guests og where o.has_guest_override and og.occurrence_id = o.id
      union
      select eg.user_id from event_guests eg where not o.has_guest_override and eg.event_id = o.event_id
    ) guest_list on true
    join users g on g.id = guest_list.user_id and g.status = 'active'
    left join message_groups mg on mg.id = g.message_group_id
    where ${where}
    order by o.id, g.name, g.surname, g.id`);
  return (result as { rows: GuestRow[] }).rows.map((row) => ({
    occurrenceId: Number(row.occurrenceId),
    id: Number(row.id),
    name: personName(row.name, row.surname, row.username),
    timezone: row.timezone,
    email: row.email,
    phone: row.phone,
    messageGroup:
      row.groupId === null ? null : { id: Number(row.groupId), name: row.groupName ?? '', chatId: row.chatId },
  }));
}

/** Who one message goes to, and which guests it is about. */
export interface Addressee {
  /** `user:<id>` or `group:<id>`: the recipient part of an idempotency key. */
  key: string;
  recipient: NewMessage['recipient'];
  guests: GuestContact[];
}

/**
 * A guest's message goes to their message group when they have one, else to them (DESIGN §4):
 * guests sharing a group get one message to it, naming them all.
 */
export function addressees(guests: readonly GuestContact[]): Addressee[] {
  const byKey = new Map<string, Addressee>();
  for (const guest of guests) {
    const group = guest.messageGroup;
    const key = group ? `group:${group.id}` : `user:${guest.id}`;
    const known = byKey.get(key);
    if (known) {
      known.guests.push(guest);
      continue;
    }
    byKey.set(key, {
      key,
      recipient: group
        ? { kind: 'group', id: group.id, name: group.name, chatId: group.chatId }
        : { kind: 'user', id: guest.id, name: guest.name, email: guest.email, phone: guest.phone },
      guests: [guest],
    });
  }
  return [...byKey.values()];
}
