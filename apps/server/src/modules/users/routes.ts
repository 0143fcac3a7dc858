import { idParamsSchema, messages, myProfileSchema, notFound, userSchema } from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/access.js';
import { AppError, errorResponses } from '../../lib/errors.js';
import type { UserRepository } from './repository.js';

const anySignedIn = { access: ['admin', 'editor', 'guest'] } as const;
const errors = errorResponses(400, 401, 403, 404);
const NOT_FOUND = notFound('User');

export const userRoutes: FastifyPluginAsyncZod<{ users: UserRepository }> = async (app, { users }) => {
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

  app.patch(
    '/:id/my-profile',
    {
      config: anySignedIn,
      schema: {
        tags: ['users'],
        summary: 'Change your own name, contact details or password',
        params: idParamsSchema,
        body: myProfileSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      // Nobody, admins included, edits another person's profile through this route.
      if (currentUser(request).id !== request.params.id) throw new AppError(403, messages.ownProfileOnly);
      const user = await users.updateProfile(request.params.id, request.body);
      if (!user) throw new AppError(404, NOT_FOUND);
      return user;
    },
  );
};
