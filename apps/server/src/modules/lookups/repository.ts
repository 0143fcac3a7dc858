import type { CreateLookup, Lookup, LookupListQuery, UpdateLookup } from '@ritim/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { events, forms, groups, locations, lookups, messageGroups, users } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

/**
 * The name of each lookupable record, read in the lookup's own row through left joins on the
 * generated *_ref columns (at most one of them is set), so a page of lookups stays one query.
 * A user is named by name and surname, else username; an event by its title.
 */
const lookupableDisplay = sql<string | null>`coalesce(
  nullif(trim(concat_ws(' ', ${users.name}, ${users.surname})), ''),
  ${users.username},
  ${groups.name},
  ${locations.name},
  ${forms.title},
  ${messageGroups.name},
  ${events.title}
)`;

const columns = {
  id: lookups.id,
  key: lookups.key,
  value: lookups.value,
  label: lookups.label,
  parentId: lookups.parentId,
  lookupableType: lookups.lookupableType,
  lookupableId: lookups.lookupableId,
  lookupableDisplay,
};

type Row = Lookup;

const toLookup = (row: Row): Lookup => ({
  id: row.id,
  key: row.key,
  value: row.value,
  label: row.label,
  parentId: row.parentId,
  lookupableType: row.lookupableType,
  lookupableId: row.lookupableId,
  lookupableDisplay: row.lookupableDisplay,
});

/** The list request once the route has settled the page size. */
export type LookupListRequest = Omit<LookupListQuery, 'limit'> & { limit: number };

/** Serialises parent changes, so two racing updates cannot each close half of a cycle. */
const PARENT_LOCK_KEY = 727_001;

/** The ids of a lookup and of all its ancestors (cycles cannot exist, and `union` would stop one anyway). */
const ancestorsOf = (id: number) => sql`(
  with recursive ancestors(id, parent_id) as (
    select id, parent_id from lookups where id = ${id}
    union
    select l.id, l.parent_id from lookups l join ancestors a on l.id = a.parent_id
  )
  select id from ancestors
)`;

export class LookupRepository {
  constructor(private readonly db: Db) {}

  /** One transaction with this repository working in it (platform/crud-routes.ts: a write and its audit row). */
  transaction<T>(work: (repository: LookupRepository, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new LookupRepository(tx), tx));
  }

  private select() {
    return this.db
      .select(columns)
      .from(lookups)
      .leftJoin(users, eq(users.id, lookups.userRef))
      .leftJoin(groups, eq(groups.id, lookups.groupRef))
      .leftJoin(locations, eq(locations.id, lookups.locationRef))
      .leftJoin(forms, eq(forms.id, lookups.formRef))
      .leftJoin(messageGroups, eq(messageGroups.id, lookups.messageGroupRef))
      .leftJoin(events, eq(events.id, lookups.eventRef))
      .$dynamic();
  }

  readonly list = defineList<LookupListRequest, Row, Lookup>({
    name: 'lookups',
    select: (total) =>
      this.db
        .select({ ...columns, ...total })
        .from(lookups)
        .leftJoin(users, eq(users.id, lookups.userRef))
        .leftJoin(groups, eq(groups.id, lookups.groupRef))
        .leftJoin(locations, eq(locations.id, lookups.locationRef))
        .leftJoin(forms, eq(forms.id, lookups.formRef))
        .leftJoin(messageGroups, eq(messageGroups.id, lookups.messageGroupRef))
        .leftJoin(events, eq(events.id, lookups.eventRef))
        .$dynamic(),
    search: [lookups.search],
    sorts: {
      id: [],
      key: [asc(lookups.key)],
      value: [asc(lookups.value)],
    },
    id: lookups.id,
    // The listbox query (keys, lookupable type and ids) is served by lookups_lookupable_idx.
    filters: {
      keys: {
        value: (query) => query.keys,
        where: (keys) => sql`${lookups.key} = any(cast(${keys} as text[]))`,
      },
      type: {
        value: (query) => query.lookupableType ?? undefined,
        where: (type) => sql`${lookups.lookupableType} = ${type}`,
      },
      noType: {
        value: (query) => (query.lookupableType === null ? true : undefined),
        where: () => sql`${lookups.lookupableType} is null`,
      },
      ids: {
        value: (query) => query.lookupableIds,
        where: (ids) => sql`${lookups.lookupableId} = any(cast(${ids} as integer[]))`,
      },
    },
    map: toLookup,
  });

  async find(id: number): Promise<Lookup | undefined> {
    const [row] = await this.select().where(eq(lookups.id, id));
    return row && toLookup(row);
  }

  /** Inserts the lookup; the database refuses a missing parent or record (23503, see service). */
  async create(input: CreateLookup, createdBy: number): Promise<number> {
    const [row] = await this.db
      .insert(lookups)
      .values({ ...input, createdBy })
      .returning({ id: lookups.id });
    return row!.id;
  }

  /**
   * Applies the changes; false when the lookup does not exist, 'cycle' when the new parent is the
   * lookup itself or one of its descendants. Parent changes hold a transaction-wide advisory lock
   * between the check and the update, so concurrent ones are judged one after the other.
   */
  async update(id: number, changes: UpdateLookup): Promise<boolean | 'cycle'> {
    return this.db.transaction(async (tx) => {
      if (changes.parentId != null) {
        await tx.execute(sql`select pg_advisory_xact_lock(${PARENT_LOCK_KEY})`);
        const [cycle] = await tx
          .select({ id: lookups.id })
          .from(lookups)
          .where(and(eq(lookups.id, id), sql`${lookups.id} in ${ancestorsOf(changes.parentId)}`));
        if (cycle) return 'cycle';
      }
      const updated = await tx
        .update(lookups)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(lookups.id, id))
        .returning({ id: lookups.id });
      return updated.length > 0;
    });
  }

  /** Deletes the lookup; false when it did not exist. Throws the database error when it has children. */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(lookups).where(eq(lookups.id, id)).returning({ id: lookups.id });
    return deleted.length > 0;
  }
}
