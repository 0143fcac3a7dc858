import {
  createUserSchema,
  idParamsSchema,
  messages,
  myProfileAnswerSchema,
  myProfileSchema,
  notFound,
  updateUserSchema,
  userListQuerySchema,
  userListSchema,
  userMessages,
  userSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { verifyPassword } from '../../auth/passwords.js';
import { RefreshTokenRepository } from '../../auth/refresh-tokens.js';
import { setRefreshCookie } from '../../auth/routes.js';
import { accountKey, LoginThrottle, tooManyAttempts } from '../../platform/access/throttle.js';
import type { AccessTokens } from '../../platform/access/tokens.js';
import { crudRoutes } from '../../platform/crud-routes.js';
import { noStore } from '../../platform/request-log.js';
import { auditChanges, AuditTrail, recordAudit } from '../../platform/audit/record.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { defineFeature } from '../../platform/feature.js';
import { UserRepository } from './repository.js';

const anySignedIn = ['admin', 'editor', 'guest'] as const;
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

interface UserRouteDeps {
  users: UserRepository;
  /** A change of one's own password is checked like a sign-in and starts a new session (below). */
  throttle: LoginThrottle;
  audit: AuditTrail;
  tokens: AccessTokens;
  refreshTokens: RefreshTokenRepository;
}

/** /api/users: the section routes (admins) and everyone's own profile. */
const userRoutes: FastifyPluginAsyncZod<UserRouteDeps> = async (
  app,
  { users, throttle, audit, tokens, refreshTokens },
) => {
  await app.register(crud, { repository: users });

  app.patch(
    '/:id/my-profile',
    {
      config: { access: anySignedIn },
      // After a new password the answer carries an access token.
      onSend: noStore,
      schema: {
        tags: ['users'],
        summary:
          'Change your own name, contact details or password (any other field is refused with 400). A new password needs currentPassword (missing or wrong: 400, counted by the sign-in throttle and recorded as passwordChangeFailed; 429 with Retry-After past the limit); it ends every session of the account, access tokens included, and the answer gives the caller a new one (accessToken, and a new refresh cookie)',
        params: idParamsSchema,
        body: myProfileSchema,
        response: { 200: myProfileAnswerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      // Role, username, status, groups, message group and timezone are not profile fields: the
      // strict body schema refuses a body carrying any of them with 400 (tested), never drops it.
      // Nobody, admins included, edits another person's profile through this route.
      const viewer = currentUser(request);
      if (viewer.id !== request.params.id) throw new AppError(403, messages.ownProfileOnly);
      const { id } = request.params;
      const { currentPassword, ...changes } = request.body;
      if (changes.password !== undefined) {
        // A stolen access token alone does not change the password: the current one is checked
        // like a sign-in's (the same throttle, per account and address), and a wrong one recorded.
        const account = accountKey(viewer);
        const blocked = await throttle.blocked(account, request.ip);
        if (blocked) throw tooManyAttempts(blocked);
        const credentials = await users.findCredentials(viewer.username);
        if (!(await verifyPassword(credentials?.passwordHash, currentPassword ?? ''))) {
          await throttle.recordFailure(account, request.ip);
          await audit.record({
            action: 'passwordChangeFailed',
            entityType: 'auth',
            entityId: viewer.id,
            entityName: viewer.username,
          });
          throw new AppError(400, userMessages.currentPasswordWrong);
        }
      }
      const user = await users.transaction(async (repository, tx) => {
        const before = await repository.find(id);
        const after = before && (await repository.updateProfile(id, changes));
        if (!after) return undefined;
        await recordAudit(tx, {
          action: 'update',
          entityType: 'users',
          entityId: id,
          entityName: after.username,
          changes: auditChanges(before, after, changes),
        });
        return after;
      });
      if (!user) throw new AppError(404, NOT_FOUND);
      if (changes.password === undefined) return user;
      // Every session ended with the change, this one too: the caller goes on in a new one.
      const sessionUser = await users.findActiveSessionUser(id);
      if (!sessionUser) return user;
      setRefreshCookie(reply, await refreshTokens.issue(id));
      return { ...user, accessToken: await tokens.sign(sessionUser) };
    },
  );
};

/** Users and My Profile at /api/users. */
export const usersFeature = defineFeature('/api/users', async (app, { platform }) => {
  const { db } = platform;
  await app.register(userRoutes, {
    users: new UserRepository(db),
    throttle: new LoginThrottle(db, platform.settings.throttleLimits),
    audit: new AuditTrail(db),
    tokens: platform.accessTokens,
    refreshTokens: new RefreshTokenRepository(db),
  });
});
