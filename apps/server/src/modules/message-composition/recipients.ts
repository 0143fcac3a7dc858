import type { Language } from '@ritim/shared';
import type { Db, Tx } from '../../platform/db/client.js';
import { asLanguage } from '../../i18n/guest-texts.js';
import { personName } from '../../lib/names.js';
import type { GuestContactRow, OccurrenceReads } from '../event-occurrences/index.js';
import type { NewMessage } from '../../platform/delivery/outbox.js';

/** An active guest of an occurrence, with what it takes to reach them. */
export interface GuestContact {
  occurrenceId: number;
  id: number;
  name: string;
  timezone: string;
  /** What they receive is in this language. */
  language: Language;
  email: string | null;
  phone: string | null;
  messageGroup: { id: number; name: string; chatId: string | null } | null;
}

const toContact = (row: GuestContactRow): GuestContact => ({
  occurrenceId: row.occurrenceId,
  id: row.id,
  name: personName(row.name, row.surname, row.username),
  timezone: row.timezone,
  language: asLanguage(row.language),
  email: row.email,
  phone: row.phone,
  messageGroup: row.groupId === null ? null : { id: row.groupId, name: row.groupName ?? '', chatId: row.chatId },
});

/**
 * The guests that count for each occurrence (its own list or its event's, active users only; the
 * occurrences' rule), with their message group: one statement for any number of occurrences.
 * `comingOnly` leaves out those marked as not coming (cancelled, late cancelled, excused).
 */
export async function occurrenceGuestContacts(
  occurrences: OccurrenceReads,
  db: Db | Tx,
  occurrenceIds: number[],
  options: { comingOnly?: boolean } = {},
): Promise<GuestContact[]> {
  return (await occurrences.guestContacts(db, occurrenceIds, options)).map(toContact);
}

/** The guests of the occurrences starting in [start, end), as occurrenceGuestContacts. */
export async function guestContactsBetween(
  occurrences: OccurrenceReads,
  db: Db | Tx,
  start: Date,
  end: Date,
): Promise<GuestContact[]> {
  return (await occurrences.guestContactsBetween(db, start, end)).map(toContact);
}

/** Who one message goes to, and which guests it is about. */
export interface Addressee {
  /** `user:<id>` or `group:<id>`: the recipient part of an idempotency key. */
  key: string;
  recipient: NewMessage['recipient'];
  guests: GuestContact[];
}

/**
 * A guest's message goes to their message group when they have one, else to them (docs/domain.md):
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
