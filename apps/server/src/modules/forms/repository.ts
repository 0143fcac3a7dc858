import type { CreateForm, Form, FormListQuery, FormSchema, FormSummary, UpdateForm } from '@ritim/shared';
import { formMessages } from '@ritim/shared';
import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../platform/db/client.js';
import { formGroups, forms, groups, users } from '../../platform/db/schema.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { defineList } from '../../platform/list.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const summaryColumns = {
  id: forms.id,
  title: forms.title,
  description: forms.description,
  version: forms.version,
  status: forms.status,
  createdAt: forms.createdAt,
  username: users.username,
};

type SummaryRow = {
  id: number;
  title: string;
  description: string | null;
  version: number;
  status: FormSummary['status'];
  createdAt: Date;
  username: string | null;
};

const toSummary = (row: SummaryRow): FormSummary => ({
  id: row.id,
  title: row.title,
  description: row.description,
  version: row.version,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  user: row.username === null ? null : { username: row.username },
});

/** The form's groups as one JSON list, ordered by name (read with the form, in the same query). */
const groupsColumn = sql<{ id: number; name: string }[]>`(
  select coalesce(json_agg(json_build_object('id', ${groups.id}, 'name', ${groups.name}) order by ${groups.name}, ${groups.id}), '[]'::json)
  from ${formGroups} join ${groups} on ${groups.id} = ${formGroups.groupId}
  where ${formGroups.formId} = ${forms.id}
)`;

/** A schema as a SQL jsonb value: SQL NULL for no schema (not the JSON literal null). */
const schemaValue = (schema: FormSchema | null): SQL =>
  schema === null ? sql`null::jsonb` : sql`${JSON.stringify(schema)}::jsonb`;

/** One form with its creator, schema and groups: one prepared query. */
function findStatement(db: Db) {
  return db
    .select({ ...summaryColumns, schema: forms.schema, groups: groupsColumn })
    .from(forms)
    .leftJoin(users, eq(users.id, forms.createdBy))
    .where(eq(forms.id, sql.placeholder('id')))
    .prepare('forms_find');
}

export class FormRepository {
  private readonly findOne: ReturnType<typeof findStatement>;

  constructor(private readonly db: Db) {
    this.findOne = findStatement(db);
  }

  readonly list = defineList({
    name: 'forms',
    select: (total) =>
      this.db
        .select({ ...summaryColumns, ...total })
        .from(forms)
        .leftJoin(users, eq(users.id, forms.createdBy))
        .$dynamic(),
    search: [forms.search],
    sorts: {
      name: [asc(forms.title)],
      date: [desc(forms.createdAt)],
      status: [asc(forms.status), asc(forms.title)],
    },
    id: forms.id,
    filters: {
      activeOnly: {
        value: (query: FormListQuery) => (query.archived ? undefined : true),
        where: () => eq(forms.status, 'active'),
      },
    },
    map: toSummary,
  });

  /** One transaction with this repository working in it (platform/crud-routes.ts: a write and its audit row). */
  transaction<T>(work: (repository: FormRepository, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new FormRepository(tx), tx));
  }

  async find(id: number): Promise<Form | undefined> {
    const [row] = await this.findOne.execute({ id });
    if (!row) return undefined;
    const formGroupList = row.groups ?? [];
    return {
      ...toSummary(row),
      schema: (row.schema as FormSchema | null) ?? null,
      groups: formGroupList,
      groupIds: formGroupList.map((group) => group.id),
    };
  }

  async create(input: CreateForm, createdBy: number): Promise<Form> {
    const id = await this.db.transaction(async (tx) => {
      await this.assertGroupsExist(tx, input.groupIds);
      const [row] = await tx
        .insert(forms)
        .values({
          title: input.title,
          description: input.description,
          schema: schemaValue(input.schema),
          createdBy,
        })
        .returning({ id: forms.id });
      await this.replaceGroups(tx, row!.id, input.groupIds);
      return row!.id;
    });
    return (await this.find(id))!;
  }

  /**
   * Applies the changes present in `input`. The version goes up by one only when the schema
   * changes, compared by the database as jsonb values (so key order and spacing do not count),
   * in the same statement that writes it: two concurrent edits cannot both miss the bump.
   */
  async update(id: number, input: UpdateForm): Promise<Form | undefined> {
    const updated = await this.db.transaction(async (tx) => {
      if (input.groupIds) await this.assertGroupsExist(tx, input.groupIds);
      const changes: PgUpdateSetSource<typeof forms> = { updatedAt: sql`now()` };
      if (input.title !== undefined) changes.title = input.title;
      if (input.description !== undefined) changes.description = input.description;
      if (input.status !== undefined) changes.status = input.status;
      if (input.schema !== undefined) {
        const value = schemaValue(input.schema);
        changes.schema = value;
        changes.version = sql`case when ${forms.schema} is distinct from ${value} then ${forms.version} + 1 else ${forms.version} end`;
      }
      const rows = await tx.update(forms).set(changes).where(eq(forms.id, id)).returning({ id: forms.id });
      if (rows.length === 0) return false;
      if (input.groupIds) {
        await tx.delete(formGroups).where(eq(formGroups.formId, id));
        await this.replaceGroups(tx, id, input.groupIds);
      }
      return true;
    });
    return updated ? this.find(id) : undefined;
  }

  /** Deletes the form; false when it did not exist. Throws the database error when referenced. */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(forms).where(eq(forms.id, id)).returning({ id: forms.id });
    return deleted.length > 0;
  }

  /** 400 naming the first id that is not a group (archived groups count: a form may keep one). */
  private async assertGroupsExist(tx: Tx, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await tx.select({ id: groups.id }).from(groups).where(inArray(groups.id, ids));
    const known = new Set(found.map((row) => row.id));
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) throw new AppError(400, formMessages.groupNotFound({ id: missing }));
  }

  private async replaceGroups(tx: Tx, formId: number, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await tx.insert(formGroups).values(ids.map((groupId) => ({ formId, groupId })));
    } catch (error) {
      // A group deleted between the check and the insert: the foreign key has the last word.
      if (pgErrorCode(error) === '23503') throw new AppError(400, formMessages.someGroupNotFound);
      throw error;
    }
  }
}
