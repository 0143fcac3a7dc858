import type { CreateLocation, Location, LocationListQuery, UpdateLocation } from '@ritim/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { locations, users } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

const columns = {
  id: locations.id,
  name: locations.name,
  status: locations.status,
  createdAt: locations.createdAt,
  username: users.username,
};

type Row = { id: number; name: string; status: Location['status']; createdAt: Date; username: string | null };

const toLocation = (row: Row): Location => ({
  id: row.id,
  name: row.name,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  user: row.username === null ? null : { username: row.username },
});

export class LocationRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db.select(columns).from(locations).leftJoin(users, eq(users.id, locations.createdBy)).$dynamic();
  }

  readonly list = defineList({
    name: 'locations',
    select: (total) =>
      this.db
        .select({ ...columns, ...total })
        .from(locations)
        .leftJoin(users, eq(users.id, locations.createdBy))
        .$dynamic(),
    search: [locations.search],
    sorts: {
      name: [asc(locations.name)],
      date: [desc(locations.createdAt)],
      status: [asc(locations.status), asc(locations.name)],
    },
    id: locations.id,
    filters: {
      activeOnly: {
        value: (query: LocationListQuery) => (query.archived ? undefined : true),
        where: () => eq(locations.status, 'active'),
      },
    },
    map: toLocation,
  });

  /** One transaction with this repository working in it (platform/crud-routes.ts: a write and its audit row). */
  transaction<T>(work: (repository: LocationRepository, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new LocationRepository(tx), tx));
  }

  async find(id: number): Promise<Location | undefined> {
    const [row] = await this.select().where(eq(locations.id, id));
    return row && toLocation(row);
  }

  async create(input: CreateLocation, createdBy: number): Promise<Location> {
    const [row] = await this.db
      .insert(locations)
      .values({ name: input.name, createdBy })
      .returning({ id: locations.id });
    return (await this.find(row!.id))!;
  }

  async update(id: number, input: UpdateLocation): Promise<Location | undefined> {
    const updated = await this.db
      .update(locations)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(locations.id, id))
      .returning({ id: locations.id });
    return updated.length ? this.find(id) : undefined;
  }

  /** Deletes the location; false when it did not exist. Throws the database error when referenced. */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(locations).where(eq(locations.id, id)).returning({ id: locations.id });
    return deleted.length > 0;
  }
}
