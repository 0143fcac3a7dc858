import { createHash } from 'node:crypto';
import type { Role } from '@ritim/shared';
import { asc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type PgSelect, QueryBuilder, type WithSubqueryWithSelection } from 'drizzle-orm/pg-core';

export interface Page<T> {
  items: T[];
  totalCount: number;
}

export interface ListRequest<S extends string = string> {
  limit: number;
  offset: number;
  q?: string | undefined;
  /** One of the list's sort keys; absent means the first. */
  sort?: S;
}

/** Who asks for a list: its `scope` hook keeps a viewer to their own rows. */
export interface ListViewer {
  id: number;
  role: Role;
}

/**
 * What one prepared statement is built for: the viewer's role (its id is the `me` placeholder),
 * and the list's flags that are on (variants of the columns, say a lighter row).
 */
export interface ListView {
  role: Role;
  me: Placeholder;
  flags: ReadonlySet<string>;
}

/**
 * A list filter. `value` reads the request: undefined leaves the filter out, anything else turns it
 * on and is bound to the placeholder `where` receives (a flag that needs no value may ignore it).
 */
export interface ListFilter<Q> {
  value: (query: Q) => unknown;
  where: (value: Placeholder) => SQL;
}

/** The columns every list selects besides its own: the total across pages, from a window count. */
const totalColumn = { totalCount: sql<number>`cast(count(*) over () as integer)`.as('total_count') };
type TotalColumn = typeof totalColumn;

type PageColumns = {
  id: SQL.Aliased<number>;
  totalCount: SQL.Aliased<number>;
};

/** The page's ids and total (a CTE named `page`), as the rows of a deferred list join them. */
export type PageTable = WithSubqueryWithSelection<PageColumns, 'page'>;

interface ListCommon<Q extends ListRequest, Row, T> {
  /** Names the prepared statements (unique per list). */
  name: string;
  /**
   * What `q` matches: generated `search` columns (already folded by ritim_fold), or a condition
   * on the folded pattern.
   */
  search?: AnyPgColumn[] | ((pattern: Placeholder) => SQL);
  /** ORDER BY terms per sort key (the first is the default); `tieBreak` (id ascending) is appended. */
  sorts: Record<NonNullable<Q['sort']>, SQL[]>;
  id: AnyPgColumn;
  tieBreak?: SQL;
  filters?: Record<string, ListFilter<Q>>;
  /** Flags read from the request that change the statement (its columns), not only its values. */
  flags?: Record<string, (query: Q) => boolean>;
  /** The rows a viewer may see, as a condition (undefined: all of them). */
  scope?: (view: ListView) => SQL | undefined;
  map: (row: Row) => T;
}

/** Filter, sort and page the full rows in one select: for lists whose rows are cheap to build. */
interface DirectList<Q extends ListRequest, Row, T> extends ListCommon<Q, Row, T> {
  /** The select with its joins, selecting `total` besides the list's own columns. */
  select: (total: TotalColumn, view: ListView) => PgSelect;
}

/**
 * A deferred join: the page's ids and total come first from `page` (where the filters, search,
 * scope and order apply), and only those ids are built into full rows by `rows`. For lists whose
 * rows carry per-row sub-selects (guest lists, submissions), which would otherwise be built for
 * every matching row before the window count and the offset.
 */
interface DeferredList<Q extends ListRequest, Row, T> extends ListCommon<Q, Row, T> {
  /** The base select (from and the joins the conditions need), selecting `columns`. */
  page: (columns: PageColumns) => PgSelect;
  /** The full rows of the page: from `page` joined to the list's tables, selecting `page.totalCount` too. */
  rows: (page: PageTable, view: ListView) => PgSelect;
}

export type ListDefinition<Q extends ListRequest, Row, T> = DirectList<Q, Row, T> | DeferredList<Q, Row, T>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `like` pattern for `q`: `%` and `_` typed by the user are literal. */
export const searchPattern = (q: string) => `%${escapeLike(q)}%`;

/** Matches a folded pattern anywhere in any of the folded `columns` (case, accents, Turkish I). */
export function searchCondition(pattern: Placeholder | string, columns: AnyPgColumn[]): SQL {
  const terms = columns.map((column) => sql`${column} like ritim_fold(${pattern})`);
  return sql`(${sql.join(terms, sql` or `)})`;
}

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown[]>;
}

const ADMIN: ListViewer = { id: 0, role: 'admin' };

/**
 * The one list implementation: search, filters, the viewer's scope, sort and a page with its
 * total count, in one round trip. Each combination of sort, search, active filters, flags and
 * role is built and prepared once per process; a request only binds its values.
 */
export function defineList<Q extends ListRequest, Row, T>(definition: ListDefinition<Q, Row, T>) {
  const statements = new Map<string, Prepared>();
  const filters = Object.entries(definition.filters ?? {});
  const flags = Object.entries(definition.flags ?? {});
  const sortKeys = Object.keys(definition.sorts);
  const tieBreak = definition.tieBreak ?? asc(definition.id);

  const prepare = (sort: string, searching: boolean, active: string[], on: string[], role: Role): Prepared => {
    const shape = [sort, searching ? 'q' : '', role, ...on, '|', ...active].join('|');
    let statement = statements.get(shape);
    if (statement) return statement;
    const view: ListView = { role, me: sql.placeholder('me'), flags: new Set(on) };
    const { search } = definition;
    const conditions = [
      searching && search
        ? typeof search === 'function'
          ? search(sql.placeholder('q'))
          : searchCondition(sql.placeholder('q'), search)
        : undefined,
      ...filters.filter(([name]) => active.includes(name)).map(([name, f]) => f.where(sql.placeholder(`f_${name}`))),
      definition.scope?.(view),
    ].filter((c): c is SQL => c !== undefined);
    const where = conditions.length ? sql.join(conditions, sql` and `) : undefined;
    const order = [...((definition.sorts as Record<string, SQL[]>)[sort] ?? []), tieBreak];
    // Named after the shape, so every instance of a list prepares the same text under the same name.
    const name = `${definition.name}_list_${createHash('sha1').update(shape).digest('hex').slice(0, 12)}`;
    if ('select' in definition) {
      statement = definition
        .select(totalColumn, view)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name);
    } else {
      const page = new QueryBuilder().$with('page').as(
        definition
          .page({ id: sql<number>`${definition.id}`.as('page_id'), ...totalColumn })
          .where(where)
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      );
      statement = definition
        .rows(page as unknown as PageTable, view)
        .orderBy(...order)
        .prepare(name);
    }
    statements.set(shape, statement);
    return statement;
  };

  return async function list(query: Q, viewer: ListViewer = ADMIN): Promise<Page<T>> {
    const values: Record<string, unknown> = { limit: query.limit, offset: query.offset, me: viewer.id };
    if (query.q) values.q = searchPattern(query.q);
    const active: string[] = [];
    for (const [name, filter] of filters) {
      const value = filter.value(query);
      if (value === undefined) continue;
      active.push(name);
      values[`f_${name}`] = value;
    }
    const on = flags.filter(([, flag]) => flag(query)).map(([name]) => name);
    const sort = query.sort ?? sortKeys[0] ?? '';
    const statement = prepare(sort, !!query.q, active, on, viewer.role);
    const rows = (await statement.execute(values)) as (Row & { totalCount: number })[];
    if (rows.length === 0 && query.offset > 0) {
      // Past the last page the window has nothing to count: ask for the first row's total instead.
      const first = (await statement.execute({ ...values, limit: 1, offset: 0 })) as { totalCount: number }[];
      return { items: [], totalCount: first[0]?.totalCount ?? 0 };
    }
    const totalCount = rows[0]?.totalCount ?? 0;
    return { items: rows.map((row) => definition.map(row)), totalCount };
  };
}
