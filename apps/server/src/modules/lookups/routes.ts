import {
  createLookupSchema,
  idParamsSchema,
  lookupListQuerySchema,
  lookupListSchema,
  lookupSchema,
  MAX_LIMIT,
  messages,
  PAGE_SIZE,
  updateLookupSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access.js';
import { AppError, errorResponses } from '../../lib/errors.js';
import type { LookupService } from './service.js';

const adminOnly = { access: ['admin'] } as const;
const errors = errorResponses(400, 401, 403, 404);

export const lookupRoutes: FastifyPluginAsyncZod<{ lookups: LookupService }> = async (app, { lookups }) => {
  app.get(
    '/',
    {
      // Editors fill forms whose listboxes read lookups: they may ask for given keys, not list them all.
      config: { access: ['admin', 'editor'] },
      preValidation: async (request) => {
        const { keys } = (request.query ?? {}) as { keys?: unknown };
        if (currentUser(request).role !== 'admin' && keys === undefined) throw new AppError(403, messages.forbidden);
      },
      schema: {
        tags: ['lookups'],
        description:
          'The lookups list (admins), or the listbox query `keys=a,b&lookupableIds=1,2&lookupableType=group` ' +
          '(admins and editors; without limit it answers up to 1000).',
        querystring: lookupListQuerySchema,
        response: { 200: lookupListSchema, ...errors },
      },
    },
    async (request) => {
      const { query } = request;
      const limit = query.limit ?? (query.keys ? MAX_LIMIT : PAGE_SIZE);
      const page = await lookups.list({ ...query, limit });
      return { lookups: page.items, totalCount: page.totalCount };
    },
  );

  app.get(
    '/:id',
    {
      config: adminOnly,
      schema: { tags: ['lookups'], params: idParamsSchema, response: { 200: lookupSchema, ...errors } },
    },
    async (request) => lookups.get(request.params.id),
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: { tags: ['lookups'], body: createLookupSchema, response: { 201: lookupSchema, ...errors } },
    },
    async (request, reply) => {
      const lookup = await lookups.create(request.body, currentUser(request).id);
      return reply.code(201).send(lookup);
    },
  );

  app.patch(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['lookups'],
        params: idParamsSchema,
        body: updateLookupSchema,
        response: { 200: lookupSchema, ...errors },
      },
    },
    async (request) => lookups.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['lookups'],
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await lookups.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
