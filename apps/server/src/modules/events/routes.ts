import {
  eventContinuationQuerySchema,
  eventContinuationSchema,
  createEventSchema,
  eventListQuerySchema,
  eventListSchema,
  eventMessages,
  eventPreviewRequestSchema,
  eventPreviewSchema,
  eventSchema,
  idParamsSchema,
  notFound,
  updateEventSchema,
} from '@ritim/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud-routes.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { defineFeature } from '../../platform/feature.js';
import { EventService } from './service.js';

const crud = crudRoutes({
  section: 'events',
  item: 'Event',
  schemas: {
    listQuery: eventListQuerySchema,
    list: eventListSchema,
    item: eventSchema,
    create: createEventSchema,
    update: updateEventSchema,
  },
  // Users, locations and lookups reference events through RESTRICT foreign keys: only a lookup can
  // block deleting an event (an event with history is archived instead).
  conflicts: { referenced: eventMessages.eventInUse },
  // "This and following" from an occurrence (split.ts).
  updateAction: (input) => (input.fromOccurrenceId === undefined ? 'update' : 'split'),
  // A page holds until a change, or until the soonest next occurrence on it starts (then that
  // event's next occurrence is another one).
  cacheList: (page) => {
    const starts = (page.items as { nextOccurrence: string | null }[])
      .map((event) => (event.nextOccurrence === null ? Infinity : Date.parse(event.nextOccurrence)))
      .filter((instant) => Number.isFinite(instant));
    return starts.length ? Math.min(...starts) : undefined;
  },
});

/** /api/events (admins only): the five section routes and the form's preview of a rule. */
async function eventRoutes(app: FastifyInstance, { events }: { events: EventService }) {
  await app.register(crud, { repository: events });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/preview',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['events'],
        body: eventPreviewRequestSchema,
        response: { 200: eventPreviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => events.preview(request.body),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:id/continuation',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['events'],
        summary: 'What "this and following" from an occurrence gives the later part when no new rule is sent',
        params: idParamsSchema,
        querystring: eventContinuationQuerySchema,
        response: { 200: eventContinuationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const continuation = await events.continuation(request.params.id, request.query.fromOccurrenceId);
      if (!continuation) throw new AppError(404, notFound('Event'));
      return continuation;
    },
  );
}

/** Events (the recurring series) at /api/events. */
export const eventsFeature = defineFeature('/api/events', async (app, { platform }) => {
  await app.register(eventRoutes, { events: new EventService(platform.db, platform.now) });
});
