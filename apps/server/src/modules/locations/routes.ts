import {
  createLocationSchema,
  idParamsSchema,
  locationListQuerySchema,
  locationListSchema,
  locationSchema,
  messages,
  notFound,
  updateLocationSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access.js';
import { AppError, errorResponses, isReferencedError } from '../../lib/errors.js';
import type { LocationRepository } from './repository.js';

const adminOnly = { access: ['admin'] } as const;
const errors = errorResponses(400, 401, 403, 404);
const NOT_FOUND = notFound('Location');

export const locationRoutes: FastifyPluginAsyncZod<{ locations: LocationRepository }> = async (app, { locations }) => {
  app.get(
    '/',
    {
      config: adminOnly,
      schema: {
        tags: ['locations'],
        querystring: locationListQuerySchema,
        response: { 200: locationListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await locations.list(request.query);
      return { locations: page.items, totalCount: page.totalCount };
    },
  );

  app.get(
    '/:id',
    {
      config: adminOnly,
      schema: { tags: ['locations'], params: idParamsSchema, response: { 200: locationSchema, ...errors } },
    },
    async (request) => {
      const location = await locations.find(request.params.id);
      if (!location) throw new AppError(404, NOT_FOUND);
      return location;
    },
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: { tags: ['locations'], body: createLocationSchema, response: { 201: locationSchema, ...errors } },
    },
    async (request, reply) => {
      const location = await locations.create(request.body, currentUser(request).id);
      return reply.code(201).send(location);
    },
  );

  app.patch(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['locations'],
        params: idParamsSchema,
        body: updateLocationSchema,
        response: { 200: locationSchema, ...errors },
      },
    },
    async (request) => {
      const location = await locations.update(request.params.id, request.body);
      if (!location) throw new AppError(404, NOT_FOUND);
      return location;
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['locations'],
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      let deleted: boolean;
      try {
        deleted = await locations.delete(request.params.id);
      } catch (error) {
        // Anything referencing a location does so through a RESTRICT foreign key, so "in use" is
        // decided by the database, atomically, whichever section holds the reference.
        if (isReferencedError(error)) throw new AppError(409, messages.locationInUse);
        throw error;
      }
      if (!deleted) throw new AppError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
