import { type SQL, sql } from 'drizzle-orm';

/**
 * People as one JSON array in name order (`[]` for none), a sub-select per row so a page of rows
 * costs one query: `from` yields the users as `p`. `status` lets a screen show who is inactive.
 */
export const peopleJson = <T>(from: SQL, withStatus = true) =>
  sql<T>`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name,
    'surname', p.surname${withStatus ? sql`, 'status', p.status` : sql``}) order by p.name, p.surname, p.id), '[]'::json) ${from})`;
