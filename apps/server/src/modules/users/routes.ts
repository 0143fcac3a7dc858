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
import { currentUser } from '../../auth/access.js';
import { crudRoutes } from '../../lib/crud-routes.js';
import { auditChanges, recordAudit } from '../audit-logs/record.js';
import { AppError, errorResponses } from '../../lib/errors.js';
import { defineFeature } from '../../lib/feature.js';
import { UserRepository } from './repository.js';

const anySignedIn = ['admin', 'editor', 'guest'] as const;
const errors = errorResponses(400, 401, 403, 404);
const NOT_FOUND = notFound('User');

/**
 * The five section routes. Everyone may read a user, but only admins anyone: the others only
 * themselves. The repository refuses deleting, demoting or deactivating yourself or the last admin.
 */
const crud = crudRoutes({
  section: 'users',
  cacheList: true,
  item: 'User',
  schemas: {
    listQuery: userListQuerySchema,
    list: userListSchema,
    item: userSchema,
    create: createUserSchema,
    update: updateUserSchema,
  },
  roles: { read: anySignedIn },
  canRead: (user, id) => user.role === 'admin' || user.id === id,
  archives: false,
  docs: {
    list: {
      summary: 'Users: search (username, name, surname, email), sort by id or username, filter by role and status',
      errors: [400, 401, 403, 404],
    },
    read: { summary: 'One user: admins may read anyone, everyone else only themselves', errors: [400, 401, 403, 404] },
    create: { summary: 'Create a user (username unique ignoring case)', errors: [400, 401, 403, 409] },
    update: { summary: 'Change a user; groupIds replaces the set, an empty password keeps the current one' },
    delete: { summary: 'Delete a user that nothing references (else deactivate them)' },
  },
});

/** /api/users: the section routes (admins) and everyone's own profile. */
const userRoutes: FastifyPluginAsyncZod<{ users: UserRepository }> = async (app, { users }) => {
  await app.register(crud, { repository: users });

  app.patch(
    '/:id/my-profile',
    {
      config: { access: anySignedIn },
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
      const { id } = request.params;
      const user = await users.transaction(async (repository, tx) => {
        const before = await repository.find(id);
        const after = before && (await repository.updateProfile(id, request.body));
        if (!after) return undefined;
        await recordAudit(tx, {
          action: 'update',
          entityType: 'users',
          entityId: id,
          entityName: after.username,
          changes: auditChanges(before, after, request.body),
        });
        return after;
      });
      if (!user) throw new AppError(404, NOT_FOUND);
      return user;
    },
  );
};

/** Users and My Profile at /api/users. */
export const usersFeature = defineFeature('/api/users', async (app, { platform }) => {
  await app.register(userRoutes, { users: new UserRepository(platform.db) });
});
