import {
  bookMakeupSchema,
  idParamsSchema,
  makeupOccurrenceSchema,
  makeupSlotsQuerySchema,
  makeupSlotsSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { OCCURRENCE_NOT_FOUND } from '../event-occurrences/index.js';
import { defineFeature } from '../../platform/feature.js';
import { MakeupService } from './service.js';

const tags = ['event-occurrences'];
/** Admins, and editors for the sessions they organise (the service answers 404 for the others). */
const organisers = { access: ['admin', 'editor'] as const };

/** Make-up sessions under /api/event-occurrences (docs/domain.md#make-ups, docs/product.md §14). */
const occurrenceMakeupRoutes: FastifyPluginAsyncZod<{ makeups: MakeupService }> = async (app, { makeups }) => {
  app.get(
    '/:id/makeup-slots',
    {
      config: organisers,
      schema: {
        tags,
        description:
          'Up to five free times for a make-up of this session for `guestId` in the next `days` days (1-60, ' +
          'default 14): the session’s length, starting on :00 or :30 from 08:00 and ending by 20:00 in the ' +
          'organiser’s zone, after now, where the organiser, the guest and the location are free and no closure ' +
          'applies; at most two a day, three hours apart. Only for a guest marked absent, cancelled, late ' +
          'cancelled or excused, or a guest of a cancelled session (400 otherwise).',
        params: idParamsSchema,
        querystring: makeupSlotsQuerySchema,
        response: { 200: makeupSlotsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const slots = await makeups.slots(request.params.id, request.query, currentUser(request));
      if (!slots) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return slots;
    },
  );

  app.post(
    '/:id/makeup',
    {
      config: organisers,
      schema: {
        tags,
        description:
          'Books a make-up at `startsAt` for `guestId`: a new session of the same event, of the same length, ' +
          'with that guest alone, marked `makeupOf`. 409 when the time is no longer free (organiser, guest or ' +
          'location), falls in a closure, is not a grid time between 08:00 and 20:00 in the organiser’s zone or ' +
          'is past, or when the guest already has a make-up for this session that is not cancelled. 400 for a ' +
          'guest who is not eligible.',
        params: idParamsSchema,
        body: bookMakeupSchema,
        response: { 201: makeupOccurrenceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const session = await makeups.book(request.params.id, request.body, currentUser(request));
      if (!session) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return reply.code(201).send(session);
    },
  );
};

/** Make-ups: free slots and booking one, at /api/event-occurrences/{id}/makeup…. */
export const makeupFeature = defineFeature('/api/event-occurrences', async (app, { platform }) => {
  await app.register(occurrenceMakeupRoutes, { makeups: new MakeupService(platform.db, platform.now) });
});
