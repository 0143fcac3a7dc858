import type { Location } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * What is particular to locations. The generic list and form behaviour (search, sorts, pages,
 * archived filter, create, edit, delete, refusals, roles) is checked in platform/crud-sections.test.ts.
 */
const ctx = useTestApp({ people: true });
const { admin } = ctx.headers;

const create = async (name: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/locations', headers: admin, payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json<Location>();
};

describe('DELETE /api/locations/:id', () => {
  it('refuses with 409 while something still references the location, and deletes nothing', async () => {
    const location = await create('Busy room');
    // Every table that points at a location does so with a RESTRICT foreign key, as events will.
    await ctx.database.db.execute(
      sql.raw(
        'create table location_holders (location_id integer not null references locations(id) on delete restrict)',
      ),
    );
    await ctx.database.db.execute(sql.raw(`insert into location_holders values (${location.id})`));
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/locations/${location.id}`, headers: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Location is used by events and cannot be deleted; archive it instead',
    });
    const still = await ctx.app.inject({ method: 'GET', url: `/api/locations/${location.id}`, headers: admin });
    expect(still.statusCode).toBe(200);
    await ctx.database.db.execute(sql.raw('drop table location_holders'));
  });
});
