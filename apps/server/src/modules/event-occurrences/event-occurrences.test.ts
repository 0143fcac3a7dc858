import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, users } from '../../db/schema.js';
import { bearer, createTestApp, createUser, signIn, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let admin: Record<string, string>;
let eventId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await createUser(ctx.database, { username: 'admin', role: 'admin' });
  const organiser = await createUser(ctx.database, { username: 'organiser', role: 'editor' });
  await ctx.database.db.update(users).set({ timezone: 'America/New_York' }).where(eq(users.id, organiser.id));
  const [location] = await ctx.database.db.insert(locations).values({ name: 'Room' }).returning();
  admin = bearer((await signIn(ctx.app, 'admin')).accessToken);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: admin,
    payload: {
      title: 'Daily',
      locationId: location!.id,
      organiserId: organiser.id,
      // Across New York's fall-back day (2 November 2025): 09:00 local throughout.
      rrule: 'DTSTART;TZID=America/New_York:20251030T090000\nRRULE:FREQ=DAILY;COUNT=5',
      endTime: '09:45',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  eventId = created.json<{ id: number }>().id;
});
afterAll(() => ctx.close());

const get = (query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/event-occurrences?${query}`, headers: admin });

describe('GET /api/event-occurrences', () => {
  it("lists one event's occurrences sorted by start, with their end and status", async () => {
    const response = await get(`eventId=${eventId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      eventOccurrences: { occurrenceDate: string; endDate: string; status: string }[];
      totalCount: number;
    }>();
    expect(body.totalCount).toBe(5);
    expect(body.eventOccurrences.map((o) => o.occurrenceDate)).toEqual([
      '2025-10-30T13:00:00.000Z',
      '2025-10-31T13:00:00.000Z',
      '2025-11-01T13:00:00.000Z',
      '2025-11-02T14:00:00.000Z',
      '2025-11-03T14:00:00.000Z',
    ]);
    expect(body.eventOccurrences[3]).toMatchObject({ endDate: '2025-11-02T14:45:00.000Z', status: 'scheduled' });
  });

  it('pages with limit and offset and keeps the total past the last page', async () => {
    const page = await get(`eventId=${eventId}&limit=2&offset=2`);
    const body = page.json<{ eventOccurrences: { occurrenceDate: string }[]; totalCount: number }>();
    expect(body.eventOccurrences.map((o) => o.occurrenceDate)).toEqual([
      '2025-11-01T13:00:00.000Z',
      '2025-11-02T14:00:00.000Z',
    ]);
    expect(body.totalCount).toBe(5);
    expect((await get(`eventId=${eventId}&offset=10`)).json()).toEqual({ eventOccurrences: [], totalCount: 5 });
  });

  it('answers an unknown event with an empty list and a missing or bad eventId with 400', async () => {
    expect((await get('eventId=99999')).json()).toEqual({ eventOccurrences: [], totalCount: 0 });
    expect((await get('')).statusCode).toBe(400);
    expect((await get('eventId=abc')).statusCode).toBe(400);
    expect((await get('eventId=-1')).statusCode).toBe(400);
  });
});
