import type { CreateMessageGroup, MessageGroup, MessageGroupListQuery, UpdateMessageGroup } from '@ritim/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { messageGroups } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

/**
 * The users whose messages go to the group, by username, aggregated inside the group's own row
 * (a correlated subquery on users_message_group_idx), so a page of groups stays one query.
 */
// Written out with an alias: drizzle leaves columns unqualified in a single-table select, where
// "id" inside the subquery would mean the member's id.
const members = sql<MessageGroup['users']>`coalesce((
  select json_agg(json_build_object('id', member.id, 'username', member.username) order by member.username, member.id)
  from users member
  where member.message_group_id = "message_groups"."id"
), '[]'::json)`;

const columns = {
  id: messageGroups.id,
  name: messageGroups.name,
  externalId: messageGroups.externalId,
  createdAt: messageGroups.createdAt,
  users: members,
};

type Row = Omit<MessageGroup, 'createdAt'> & { createdAt: Date };

const toMessageGroup = (row: Row): MessageGroup => ({
  id: row.id,
  name: row.name,
  externalId: row.externalId,
  createdAt: row.createdAt.toISOString(),
  users: row.users,
});

const prepareFind = (db: Db) =>
  db
    .select(columns)
    .from(messageGroups)
    .where(eq(messageGroups.id, sql.placeholder('id')))
    .prepare('message_groups_find');

export class MessageGroupRepository {
  private readonly findOne: ReturnType<typeof prepareFind>;

  constructor(private readonly db: Db) {
    this.findOne = prepareFind(db);
  }

  readonly list = defineList<MessageGroupListQuery, Row, MessageGroup>({
    name: 'message_groups',
    select: (total) =>
      this.db
        .select({ ...columns, ...total })
        .from(messageGroups)
        .$dynamic(),
    search: [messageGroups.search],
    sorts: {
      name: [asc(messageGroups.name)],
      id: [],
    },
    id: messageGroups.id,
    map: toMessageGroup,
  });

  /** One transaction with this repository working in it (platform/crud-routes.ts: a write and its audit row). */
  transaction<T>(work: (repository: MessageGroupRepository, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MessageGroupRepository(tx), tx));
  }

  async find(id: number): Promise<MessageGroup | undefined> {
    const [row] = await this.findOne.execute({ id });
    return row && toMessageGroup(row);
  }

  /** Creates the group; throws the database's unique violation when the chat id is taken. */
  async create(input: CreateMessageGroup, createdBy: number): Promise<MessageGroup> {
    const [row] = await this.db
      .insert(messageGroups)
      .values({ name: input.name, externalId: input.externalId ?? null, createdBy })
      .returning({ id: messageGroups.id });
    return (await this.find(row!.id))!;
  }

  async update(id: number, input: UpdateMessageGroup): Promise<MessageGroup | undefined> {
    const updated = await this.db
      .update(messageGroups)
      .set({ name: input.name, externalId: input.externalId, updatedAt: sql`now()` })
      .where(eq(messageGroups.id, id))
      .returning({ id: messageGroups.id });
    return updated.length ? this.find(id) : undefined;
  }

  /**
   * Deletes the group; false when it did not exist. Its members' message_group_id is set null by
   * the foreign key; a lookup pointing at it makes the database refuse (the error is thrown).
   */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(messageGroups)
      .where(eq(messageGroups.id, id))
      .returning({ id: messageGroups.id });
    return deleted.length > 0;
  }
}
