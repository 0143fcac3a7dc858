import {
  createGroupSchema,
  groupDetailSchema,
  groupListQuerySchema,
  groupListSchema,
  groupMessages,
  idParamsSchema,
  notFound,
  updateGroupSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access.js';
import { AppError, errorResponses, isReferencedError } from '../../lib/errors.js';
import type { GroupRepository } from './repository.js';

const adminOnly = { access: ['admin'] } as const;
const errors = errorResponses(400, 401, 403, 404);
const NOT_FOUND = notFound('Group');

export const groupRoutes: FastifyPluginAsyncZod<{ groups: GroupRepository }> = async (app, { groups }) => {
  app.get(
    '/',
    {
      config: adminOnly,
      schema: {
        tags: ['groups'],
        querystring: groupListQuerySchema,
        response: { 200: groupListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await groups.list(request.query);
      return { groups: page.items, totalCount: page.totalCount };
    },
  );

  app.get(
    '/:id',
    {
      config: adminOnly,
      schema: { tags: ['groups'], params: idParamsSchema, response: { 200: groupDetailSchema, ...errors } },
    },
    async (request) => {
      const group = await groups.find(request.params.id);
      if (!group) throw new AppError(404, NOT_FOUND);
      return group;
    },
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: { tags: ['groups'], body: createGroupSchema, response: { 201: groupDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const group = await groups.create(request.body, currentUser(request).id);
      return reply.code(201).send(group);
    },
  );

  app.patch(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['groups'],
        params: idParamsSchema,
        body: updateGroupSchema,
        response: { 200: groupDetailSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groups.update(request.params.id, request.body);
      if (!group) throw new AppError(404, NOT_FOUND);
      return group;
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['groups'],
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      let deleted: boolean;
      try {
        deleted = await groups.delete(request.params.id);
      } catch (error) {
        // Members (user_groups), forms (form_groups) and lookups (group_ref) all hold a group
        // through RESTRICT foreign keys: the database decides "in use", atomically.
        if (isReferencedError(error)) throw new AppError(409, groupMessages.inUse);
        throw error;
      }
      if (!deleted) throw new AppError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
