import { cancelOccurrenceSchema, eventOccurrenceSchema, idParamsSchema } from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { OCCURRENCE_NOT_FOUND } from '../event-occurrences/index.js';
import { defineFeature } from '../../platform/feature.js';
import { messagingFor } from '../message-composition/service.js';
import { CancellationService } from './service.js';

const tags = ['event-occurrences'];
const admins = { access: ['admin'] as const };

/**
 * Cancelling and restoring one session under /api/event-occurrences (docs/domain.md#cancellation,
 * docs/product.md §11). Each answers the session as GET /api/event-occurrences/{id} does.
 */
const occurrenceCancellationRoutes: FastifyPluginAsyncZod<{ cancellations: CancellationService }> = async (
  app,
  { cancellations },
) => {
  app.post(
    '/:id/cancel',
    {
      config: admins,
      schema: {
        tags,
        description:
          'The session becomes cancelled with `reason` (1-500 characters, trimmed): it stays listed and on the ' +
          'calendar, struck through with the reason (`cancellation: {reason, at, by}`), gets no reminder, is never ' +
          'to fill or a clash, and is STATUS:CANCELLED in calendar feeds. `notify: true` sends each guest (or their ' +
          'message group) a `cancellation` message in their language. A completed session, or one already ' +
          'cancelled, is 409.',
        params: idParamsSchema,
        body: cancelOccurrenceSchema,
        response: { 200: eventOccurrenceSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const occurrence = await cancellations.cancel(request.params.id, request.body, currentUser(request));
      if (!occurrence) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return occurrence;
    },
  );

  app.post(
    '/:id/restore',
    {
      config: admins,
      schema: {
        tags,
        description:
          'A cancelled session takes back the status it had before (scheduled or approved) and loses its ' +
          'cancellation. One that is not cancelled is 409.',
        params: idParamsSchema,
        response: { 200: eventOccurrenceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const occurrence = await cancellations.restore(request.params.id, currentUser(request));
      if (!occurrence) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return occurrence;
    },
  );
};

/** Cancelling a session and undoing it, at /api/event-occurrences/{id}/cancel. */
export const cancellationFeature = defineFeature('/api/event-occurrences', async (app, { platform }) => {
  await app.register(occurrenceCancellationRoutes, {
    cancellations: new CancellationService(platform.db, messagingFor(platform)),
  });
});
