import { asc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';

export interface Page<T> {
  items: T[];
  totalCount: number;
}

export interface ListRequest<S extends string> {
  limit: number;
  offset: number;
  q?: string | undefined;
  sort: S;
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

export interface ListDefinition<Q extends ListRequest<string>, Row, T> {
  /** Names the prepared statements (unique per list). */
  name: string;
  /** The select with its joins, selecting `total` besides the list's own columns. */
  select: (total: TotalColumn) => PgSelect;
  /** Generated `search` columns (already folded by ritim_fold) that `q` is matched against. */
  search: AnyPgColumn[];
  /** ORDER BY terms per sort key; `id` is appended as a tie-breaker. */
  sorts: Record<Q['sort'], SQL[]>;
  id: AnyPgColumn;
  filters?: Record<string, ListFilter<Q>>;
  map: (row: Row) => T;
}

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

/**
 * The one list implementation: search, filters, sort and a page with its total count, in one
 * round trip. Each combination of sort, search and active filters is built and prepared once per
 * process; a request only binds its values.
 */
export function defineList<Q extends ListRequest<string>, Row, T>(definition: ListDefinition<Q, Row, T>) {
  const statements = new Map<string, Prepared>();
  const filters = Object.entries(definition.filters ?? {});

  const prepare = (sort: Q['sort'], searching: boolean, active: string[]): Prepared => {
    const shape = [sort, searching ? 'q' : '', ...active].join('|');
    let statement = statements.get(shape);
    if (!statement) {
      const conditions = [
        searching ? searchCondition(sql.placeholder('q'), definition.search) : undefined,
        ...filters.filter(([name]) => active.includes(name)).map(([name, f]) => f.where(sql.placeholder(`f_${name}`))),
      ].filter((c): c is SQL => c !== undefined);
      const where = conditions.length ? sql.join(conditions, sql` and `) : undefined;
      const sorts = definition.sorts[sort] as SQL[];
      statement = definition
        .select(totalColumn)
        .where(where)
        .orderBy(...sorts, asc(definition.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${definition.name}_list_${statements.size}`);
      statements.set(shape, statement);
    }
    return statement;
  };

  return async function list(query: Q): Promise<Page<T>> {
    const values: Record<string, unknown> = { limit: query.limit, offset: query.offset };
    if (query.q) values.q = searchPattern(query.q);
    const active: string[] = [];
    for (const [name, filter] of filters) {
      const value = filter.value(query);
      if (value === undefined) continue;
      active.push(name);
      values[`f_${name}`] = value;
    }
    const statement = prepare(query.sort, !!query.q, active);
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
