import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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

export interface ListSpec<S extends string, T> {
  /** Generated `search` columns (already folded by ritim_fold) that `q` is matched against. */
  searchColumns: AnyPgColumn[];
  /** ORDER BY terms per sort key; the id column is appended as a tie-breaker. */
  sorts: Record<S, SQL[]>;
  idColumn: AnyPgColumn;
  /** Section-specific filters (undefined entries are ignored). */
  filters?: (SQL | undefined)[];
  rows(where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<T[]>;
  count(where: SQL | undefined): Promise<number>;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches `q` anywhere in any of the folded `columns`, folding `q` the same way (case, accents, Turkish I). */
export function searchCondition(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  const terms = columns.map((column) => sql`${column} like ritim_fold(${pattern})`);
  return sql`(${sql.join(terms, sql` or `)})`;
}

/** The one list implementation: search, filters, sort and a page, with the total count. */
export async function listPage<S extends string, T>(spec: ListSpec<S, T>, request: ListRequest<S>): Promise<Page<T>> {
  const where = and(searchCondition(request.q, spec.searchColumns), ...(spec.filters ?? []));
  const orderBy = [...spec.sorts[request.sort], asc(spec.idColumn)];
  const [items, totalCount] = await Promise.all([
    spec.rows(where, orderBy, request.limit, request.offset),
    spec.count(where),
  ]);
  return { items, totalCount };
}
