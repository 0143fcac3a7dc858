import {
  createUserSchema,
  idParamsSchema,
  messages,
  myProfileSchema,
  notFound,
  updateUserSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/access.js';
import { AppError, errorResponses } from '../../lib/errors.js';
import type { UserRepository } from './repository.js';

const adminOnly = { access: ['admin'] } as const;
const anySignedIn = { access: ['admin', 'editor', 'guest'] } as const;
const errors = errorResponses(400, 401, 403, 404);
const NOT_FOUND = notFound('User');

export const userRoutes: FastifyPluginAsyncZod<{ users: UserRepository }> = async (app, { users }) => {
  app.get(
    '/',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Users: search (username, name, surname, email), sort by id or username, filter by role and status',
        querystring: userListQuerySchema,
        response: { 200: userListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await users.list(request.query);
      return { users: page.items, totalCount: page.totalCount };
    },
  );

  app.get(
    '/:id',
    {
      config: anySignedIn,
      schema: {
        tags: ['users'],
        summary: 'One user: admins may read anyone, everyone else only themselves',
        params: idParamsSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (me.role !== 'admin' && me.id !== request.params.id) throw new AppError(403, messages.forbidden);
      const user = await users.find(request.params.id);
      if (!user) throw new AppError(404, NOT_FOUND);
      return user;
    },
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Create a user (username unique ignoring case)',
        body: createUserSchema,
        response: { 201: userSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await users.create(request.body)),
  );

  app.patch(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Change a user; groupIds replaces the set, an empty password keeps the current one',
        params: idParamsSchema,
        body: updateUserSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await users.update(request.params.id, request.body, currentUser(request).id);
      if (!user) throw new AppError(404, NOT_FOUND);
      return user;
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags: ['users'],
        summary: 'Delete a user that nothing references (else deactivate them)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const deleted = await users.delete(request.params.id, currentUser(request).id);
      if (!deleted) throw new AppError(404, NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/:id/my-profile',
    {
      config: anySignedIn,
      schema: {
        tags: ['users'],
        summary: 'Change your own name, contact details or password (any other field is refused with 400)',
        params: idParamsSchema,
        body: myProfileSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      // Role, username, status, groups, message group and timezone are not profile fields: the
      // strict body schema refuses a body carrying any of them with 400 (tested), never drops it.
      // Nobody, admins included, edits another person's profile through this route.
      if (currentUser(request).id !== request.params.id) throw new AppError(403, messages.ownProfileOnly);
      const user = await users.updateProfile(request.params.id, request.body);
      if (!user) throw new AppError(404, NOT_FOUND);
      return user;
    },
  );
};
