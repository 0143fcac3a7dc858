import type { Lookup, LookupableType } from '@ritim/shared';
import type { Choice } from '../../components/form-fields';

/** The fields a record of any lookupable type may carry in its section's list. */
export interface LookupableRecord {
  id: number;
  name?: string | null;
  surname?: string | null;
  username?: string;
  title?: string;
}

/** Each lookupable type's name: its section's (the navigation's words). */
export const TYPE_LABELS = {
  users: 'nav.users',
  groups: 'nav.groups',
  locations: 'nav.locations',
  events: 'nav.events',
  forms: 'nav.forms',
  'message-groups': 'nav.messageGroups',
} as const satisfies Record<LookupableType, string>;

const nameOf = (record: LookupableRecord) => record.name?.trim() || `#${record.id}`;

/** How the Lookupable Record select names a record of each type (as the server's lookupableDisplay does). */
export const RECORD_NAMES: Record<LookupableType, (record: LookupableRecord) => string> = {
  users: (user) =>
    [user.name, user.surname]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') ||
    user.username ||
    `#${user.id}`,
  groups: nameOf,
  locations: nameOf,
  forms: (form) => form.title?.trim() || `#${form.id}`,
  'message-groups': nameOf,
  events: (event) => event.title?.trim() || `#${event.id}`,
};

/** A lookup as a Parent choice: its label with its key and value. */
export const parentLabel = (lookup: Pick<Lookup, 'id' | 'key' | 'value' | 'label'>) =>
  `${lookup.label} (${lookup.key}: ${lookup.value})`;

/**
 * The lookups that may be the parent of `selfId` (all of them when creating): not the lookup
 * itself and none of its descendants, which would make a cycle (the server refuses those too).
 */
export function parentChoices(lookups: readonly Lookup[], selfId: number | undefined): Choice<number>[] {
  const excluded = new Set<number>();
  if (selfId !== undefined) {
    excluded.add(selfId);
    const children = new Map<number, number[]>();
    for (const lookup of lookups) {
      if (lookup.parentId === null) continue;
      children.set(lookup.parentId, [...(children.get(lookup.parentId) ?? []), lookup.id]);
    }
    const pending = [selfId];
    while (pending.length > 0) {
      for (const child of children.get(pending.pop()!) ?? []) {
        if (excluded.has(child)) continue;
        excluded.add(child);
        pending.push(child);
      }
    }
  }
  return lookups
    .filter((lookup) => !excluded.has(lookup.id))
    .map((lookup) => ({ value: lookup.id, label: parentLabel(lookup) }));
}
