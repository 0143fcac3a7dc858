import type { createEventSchema, createFormSchema, EventOccurrenceList, Role } from '@ritim/shared';
import { asc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../platform/db/client.js';
import { eventOccurrences } from '../platform/db/schema.js';
import { bearer, createUser, signIn, type TestContext, type TestUserInput } from './harness.js';

/**
 * The set-up every server test shares: people, events, occurrences, rows, and waiting for state.
 * Seeds go through the real routes (app.inject) where a test's set-up should exercise them; rows
 * whose own routes are not under test are inserted directly.
 */

/** Request headers that carry a signed-in user's bearer token. */
export type Headers = Record<string, string>;
/** What a seed needs: the app to call and the database behind it. */
export type Seedable = Pick<TestContext, 'app' | 'database'>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it holds; after `timeoutMs` fails with an error naming `what` it waited for.
 * An error thrown by `check` ends the wait at once.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  { what, timeoutMs = 15_000, intervalMs = 50 }: { what: string; timeoutMs?: number; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** The bearer headers of `username`, signed in through the real login route. */
export async function headersOf(app: TestContext['app'], username: string): Promise<Headers> {
  return bearer((await signIn(app, username)).accessToken);
}

export interface Person {
  id: number;
  username: string;
  headers: Headers;
}

/** An active user (inserted as the harness's createUser does), signed in. */
export async function createPerson(ctx: Seedable, input: TestUserInput): Promise<Person> {
  const { id, username } = await createUser(ctx.database, input);
  return { id, username, headers: await headersOf(ctx.app, username) };
}

/** One signed-in user per role, each named after its role: 'admin', 'editor' and 'guest'. */
export async function createPersonPerRole(ctx: Seedable): Promise<Record<Role, Person>> {
  return {
    admin: await createPerson(ctx, { username: 'admin', role: 'admin' }),
    editor: await createPerson(ctx, { username: 'editor', role: 'editor' }),
    guest: await createPerson(ctx, { username: 'guest', role: 'guest' }),
  };
}

/** Users inserted in this order (not signed in); their ids by username. */
export async function createUsers<const U extends string>(
  database: Database,
  people: readonly (TestUserInput & { username: U })[],
): Promise<Record<U, number>> {
  const ids = {} as Record<U, number>;
  for (const person of people) ids[person.username] = (await createUser(database, person)).id;
  return ids;
}

/** One row inserted directly, as it is stored. */
export async function insertRow<T extends PgTable>(
  database: Database,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = (await database.db.insert(table).values(values).returning()) as T['$inferSelect'][];
  return row!;
}

/** A location created through POST /api/locations by `as`; its id. */
export async function createLocation(ctx: Seedable, as: Headers, name: string): Promise<number> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/locations', headers: as, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** The body of POST /api/events. */
export type EventInput = z.input<typeof createEventSchema>;

/** An event created through POST /api/events by `as`; its id. */
export async function createEvent(ctx: Seedable, as: Headers, event: EventInput): Promise<number> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/events', headers: as, payload: event });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** The body of POST /api/forms. */
export type FormInput = z.input<typeof createFormSchema>;

/** A form created through POST /api/forms by `as`; its id. */
export async function createForm(ctx: Seedable, as: Headers, form: FormInput): Promise<number> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/forms', headers: as, payload: form });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** GET /api/event-occurrences?`query` as `as`, which must answer 200. */
export async function listOccurrences(ctx: Seedable, as: Headers, query: string): Promise<EventOccurrenceList> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/event-occurrences?${query}`, headers: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrenceList>();
}

/** An event's occurrences (the first 100, by start) as `as` reads them through the API. */
export async function occurrencesOf(ctx: Seedable, as: Headers, eventId: number) {
  return (await listOccurrences(ctx, as, `eventId=${eventId}&limit=100`)).eventOccurrences;
}

/** The ids of an event's stored occurrences, by start, read from the database. */
export async function occurrenceIdsOf(database: Database, eventId: number): Promise<number[]> {
  const rows = await database.db
    .select({ id: eventOccurrences.id })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId))
    .orderBy(asc(eventOccurrences.startsAt));
  return rows.map((row) => row.id);
}

/** A one-off session: its event's title, wall-clock start in its organiser's zone, organiser and guests. */
export interface OccurrenceInput {
  title?: string;
  /** `YYYY-MM-DDTHH:mm` in `zone`. */
  start: string;
  /** The organiser's zone (the rule's TZID). */
  zone: string;
  organiserId: number;
  locationId: number;
  guestIds?: number[];
}

/**
 * A session that does not repeat, created through POST /api/events by `as` (an admin); its
 * occurrence's id.
 */
export async function createSession(ctx: Seedable, as: Headers, session: OccurrenceInput): Promise<number> {
  const local = session.start.replace(/[-:]/g, '');
  const eventId = await createEvent(ctx, as, {
    title: session.title ?? 'Session',
    locationId: session.locationId,
    organiserId: session.organiserId,
    guestIds: session.guestIds ?? [],
    rrule: `DTSTART;TZID=${session.zone}:${local}00\nRRULE:FREQ=DAILY;COUNT=1`,
  });
  const [id] = await occurrenceIdsOf(ctx.database, eventId);
  return id!;
}
