import type { CreateGroup, Group, GroupDetail, GroupListQuery, UpdateGroup } from '@ritim/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { groups, users } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

const columns = {
  id: groups.id,
  name: groups.name,
  status: groups.status,
  createdAt: groups.createdAt,
  username: users.username,
};

type Row = { id: number; name: string; status: Group['status']; createdAt: Date; username: string | null };

const toGroup = (row: Row): Group => ({
  id: row.id,
  name: row.name,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  user: row.username === null ? null : { username: row.username },
});

/** The forms that belong to the group (docs/product.md §3 Group has forms), by title, in the group's own query. */
const groupForms = sql<GroupDetail['forms']>`coalesce((
  select json_agg(json_build_object('id', form.id, 'title', form.title) order by form.title, form.id)
  from form_groups link join forms form on form.id = link.form_id
  where link.group_id = "groups"."id"
), '[]'::json)`;

const prepareFind = (db: Db) =>
  db
    .select({ ...columns, forms: groupForms })
    .from(groups)
    .leftJoin(users, eq(users.id, groups.createdBy))
    .where(eq(groups.id, sql.placeholder('id')))
    .prepare('groups_find');

export class GroupRepository {
  private readonly findOne: ReturnType<typeof prepareFind>;

  constructor(private readonly db: Db) {
    this.findOne = prepareFind(db);
  }

  readonly list = defineList({
    name: 'groups',
    select: (total) =>
      this.db
        .select({ ...columns, ...total })
        .from(groups)
        .leftJoin(users, eq(users.id, groups.createdBy))
        .$dynamic(),
    search: [groups.search],
    sorts: {
      name: [asc(groups.name)],
      date: [desc(groups.createdAt)],
      status: [asc(groups.status), asc(groups.name)],
    },
    id: groups.id,
    filters: {
      activeOnly: {
        value: (query: GroupListQuery) => (query.archived ? undefined : true),
        where: () => eq(groups.status, 'active'),
      },
    },
    map: toGroup,
  });

  /** One transaction with this repository working in it (platform/crud-routes.ts: a write and its audit row). */
  transaction<T>(work: (repository: GroupRepository, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new GroupRepository(tx), tx));
  }

  async find(id: number): Promise<GroupDetail | undefined> {
    const [row] = await this.findOne.execute({ id });
    return row && { ...toGroup(row), forms: row.forms };
  }

  async create(input: CreateGroup, createdBy: number): Promise<GroupDetail> {
    const [row] = await this.db.insert(groups).values({ name: input.name, createdBy }).returning({ id: groups.id });
    return (await this.find(row!.id))!;
  }

  async update(id: number, input: UpdateGroup): Promise<GroupDetail | undefined> {
    const updated = await this.db
      .update(groups)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(groups.id, id))
      .returning({ id: groups.id });
    return updated.length ? this.find(id) : undefined;
  }

  /** Deletes the group; false when it did not exist. Throws the database error when referenced. */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
    return deleted.length > 0;
  }
}
