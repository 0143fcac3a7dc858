import {
  closureListQuerySchema,
  closureListSchema,
  closureMessages,
  closureResultSchema,
  createClosureSchema,
  deleteClosureQuerySchema,
  idParamsSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access/access.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { defineFeature } from '../../platform/feature.js';
import { messagingFor } from '../message-composition/service.js';
import { ClosureService } from './service.js';

const tags = ['closures'];
const admins = { access: ['admin'] as const };

/** /api/closures, admins only (docs/domain.md#closures, docs/product.md §12). */
const closureRoutes: FastifyPluginAsyncZod<{ closures: ClosureService }> = async (app, { closures }) => {
  app.get(
    '/',
    {
      config: admins,
      schema: {
        tags,
        description: 'The closures, newest first day first (`sort=from`: oldest), searched by title (`q`), paged.',
        querystring: closureListQuerySchema,
        response: { 200: closureListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => closures.list(request.query),
  );

  app.post(
    '/',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Closes the days `from`..`to` (inclusive, at most 366) in `timezone` (else the caller’s zone) for ' +
          '`scope` (`{kind: "all"}`, `{kind: "location", id}` or `{kind: "organiser", id}`): every session ' +
          'starting on them in that scope is cancelled with `title` as the reason, and so are sessions made or ' +
          'moved there later. Completed sessions and those with form answers are kept (`kept[].reason`: ' +
          '`completed`, `hasAnswers`); sessions cancelled already are in neither list. `guests`: the active ' +
          'guests of the cancelled sessions, who `notify: true` tells (a `cancellation` message per session; ' +
          '503 without a message transport). `dryRun: true` stores nothing and answers 200 with what would ' +
          'happen (`closure.id` null); otherwise 201.',
        body: createClosureSchema,
        response: { 200: closureResultSchema, 201: closureResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const result = await closures.create(request.body, currentUser(request));
      return reply.code(request.body.dryRun ? 200 : 201).send(result);
    },
  );

  app.delete(
    '/:id',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Deletes the closure: the sessions it cancelled that are still cancelled by it take back the status ' +
          'they had (unless another closure covers them). `notify=true` tells the active guests of those that ' +
          'come back and have not started (a `restoration` message per session and guest or message group, ' +
          'in their language; 503 without a message transport, and nothing is deleted).',
        params: idParamsSchema,
        querystring: deleteClosureQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      if (!(await closures.remove(request.params.id, request.query, currentUser(request)))) {
        throw new AppError(404, closureMessages.notFound);
      }
      return reply.code(204).send(null);
    },
  );
};

/** Closures (days off for everyone, a place or an organiser) at /api/closures. */
export const closuresFeature = defineFeature('/api/closures', async (app, { platform }) => {
  await app.register(closureRoutes, { closures: new ClosureService(platform.db, messagingFor(platform)) });
});
