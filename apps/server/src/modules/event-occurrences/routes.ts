import { eventOccurrenceListQuerySchema, eventOccurrenceListSchema, type OccurrenceSummary } from '@ritim/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { eventOccurrences } from '../../db/schema.js';
import { errorResponses } from '../../lib/errors.js';

/** One event's occurrences sorted by start, a page and its total in one query (the unique (event, start) index). */
export async function listEventOccurrences(
  db: Db,
  query: { eventId: number; limit: number; offset: number },
): Promise<{ eventOccurrences: OccurrenceSummary[]; totalCount: number }> {
  const select = (limit: number, offset: number) =>
    db
      .select({
        id: eventOccurrences.id,
        eventId: eventOccurrences.eventId,
        startsAt: eventOccurrences.startsAt,
        endsAt: eventOccurrences.endsAt,
        status: eventOccurrences.status,
        hasGuestOverride: eventOccurrences.hasGuestOverride,
        totalCount: sql<number>`cast(count(*) over () as integer)`,
      })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, query.eventId))
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id))
      .limit(limit)
      .offset(offset);
  let rows = await select(query.limit, query.offset);
  let totalCount = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    totalCount = (await select(1, 0))[0]?.totalCount ?? 0;
    rows = [];
  }
  return {
    eventOccurrences: rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      occurrenceDate: row.startsAt.toISOString(),
      endDate: row.endsAt.toISOString(),
      status: row.status,
      hasGuestOverride: row.hasGuestOverride,
    })),
    totalCount,
  };
}

/** GET /api/event-occurrences?eventId= (admins only for now; the occurrences issue widens it). */
export async function eventOccurrenceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['event-occurrences'],
        querystring: eventOccurrenceListQuerySchema,
        response: { 200: eventOccurrenceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listEventOccurrences(db, request.query),
  );
}
