import type { FormField } from '@ritim/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { lookups, userGroups } from '../../platform/db/schema.js';
import type { LookupLabels } from '../../reports/types.js';
import { idArray } from '../users/active-guests.js';

/**
 * Listbox answers are lookup values: their labels, for the lookup keys the fields use, as the
 * sessions of each organiser show them (the report image of one session, the CSV export of a page
 * of them). A value defined by several groups takes the label of the organiser's group first, then
 * the oldest lookup's. One query for all the organisers; each organiser has an entry.
 */
export async function lookupLabelsByOrganiser(
  db: Db,
  fields: readonly FormField[],
  organiserIds: readonly number[],
): Promise<ReadonlyMap<number, LookupLabels>> {
  const keys = [...new Set(fields.flatMap((field) => (field.type === 'listbox' ? [field.lookupKey] : [])))];
  const organisers = [...new Set(organiserIds)];
  const labels = new Map(organisers.map((id) => [id, new Map<string, Map<string, string>>()]));
  if (keys.length === 0 || organisers.length === 0) return labels;
  const result = await db.execute(sql`select o.id as "organiserId", l.key, l.value, l.label
    from unnest(${idArray(organisers)}::integer[]) as o(id) cross join ${lookups} l
    where ${inArray(sql`l.key`, keys)}
    order by o.id,
      (l.group_ref in (select ug.group_id from ${userGroups} ug where ug.user_id = o.id)) desc nulls last, l.id`);
  for (const row of (result as { rows: { organiserId: number; key: string; value: string; label: string }[] }).rows) {
    const byKey = labels.get(Number(row.organiserId))!;
    const values = byKey.get(row.key) ?? new Map<string, string>();
    if (!values.has(row.value)) values.set(row.value, row.label);
    byKey.set(row.key, values);
  }
  return labels;
}
