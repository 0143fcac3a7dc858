import {
  idParamsSchema,
  messages,
  recoveryCodesSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorMessages,
  twoFactorSetupSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../platform/errors.js';
import { currentUser } from '../platform/access/access.js';
import { verifyPassword } from './passwords.js';
import { noStore } from '../platform/request-log.js';
import { defineFeature } from '../platform/feature.js';
import { AuditTrail } from '../platform/audit/record.js';
import { UserRepository } from '../modules/users/repository.js';
import { accountKey, LoginThrottle, tooManyAttempts } from '../platform/access/throttle.js';
import { TwoFactor } from './two-factor.js';

const anySignedIn = ['admin', 'editor', 'guest'] as const;

interface TwoFactorRouteDeps {
  twoFactor: TwoFactor;
  users: UserRepository;
  /** The sign-in throttle: the password that turns it off is checked under the same limits. */
  throttle: LoginThrottle;
  audit: AuditTrail;
}

/** /api/users/{id}/two-factor/... (docs/domain.md#two-factor): setting up and enabling are your own; an admin may turn it off for anyone. */
const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRouteDeps> = async (
  app,
  { twoFactor, users, throttle, audit },
) => {
  // The set-up answer carries the secret and recovery codes.
  app.addHook('onSend', noStore);
  app.post(
    '/:id/two-factor/setup',
    {
      config: { access: anySignedIn },
      schema: {
        tags: ['users'],
        summary: 'Start setting up two-factor sign-in (yourself only): a new secret and its otpauth:// link',
        params: idParamsSchema,
        response: { 200: twoFactorSetupSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (viewer.id !== request.params.id) throw new AppError(403, twoFactorMessages.ownOnly);
      return twoFactor.setup(viewer.id, viewer.username);
    },
  );

  app.post(
    '/:id/two-factor/enable',
    {
      config: { access: anySignedIn },
      schema: {
        tags: ['users'],
        summary:
          'Turn two-factor sign-in on with a code from the app (yourself only): the 10 recovery codes, shown once',
        params: idParamsSchema,
        body: twoFactorEnableSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      if (viewer.id !== request.params.id) throw new AppError(403, twoFactorMessages.ownOnly);
      return { recoveryCodes: await twoFactor.enable(viewer.id, request.body.code) };
    },
  );

  app.post(
    '/:id/two-factor/disable',
    {
      config: { access: anySignedIn },
      schema: {
        tags: ['users'],
        summary:
          'Turn two-factor sign-in off: yourself with your password (a wrong one is 400, counted by the sign-in throttle and recorded as twoFactorDisableFailed; 429 with Retry-After past the limit), or an admin for another user without a body',
        params: idParamsSchema,
        body: twoFactorDisableSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const viewer = currentUser(request);
      const own = viewer.id === request.params.id;
      if (!own && viewer.role !== 'admin') throw new AppError(403, messages.forbidden);
      if (own) {
        const password = request.body?.password;
        if (!password) throw new AppError(400, messages.passwordRequired);
        const blocked = await throttle.blocked(accountKey(viewer), request.ip);
        if (blocked) throw tooManyAttempts(blocked);
        const credentials = await users.findCredentials(viewer.username);
        if (!(await verifyPassword(credentials?.passwordHash, password))) {
          await throttle.recordFailure(accountKey(viewer), request.ip);
          await audit.record({
            action: 'twoFactorDisableFailed',
            entityType: 'auth',
            entityId: viewer.id,
            entityName: viewer.username,
          });
          throw new AppError(400, twoFactorMessages.passwordWrong);
        }
      }
      await twoFactor.disable(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** Two-factor set-up and turning it off, at /api/users/{id}/two-factor…. */
export const twoFactorFeature = defineFeature('/api/users', async (app, { platform }) => {
  await app.register(twoFactorRoutes, {
    twoFactor: new TwoFactor(platform.db, platform.jwtSecret, platform.now),
    users: new UserRepository(platform.db),
    throttle: new LoginThrottle(platform.db, platform.settings.throttleLimits),
    audit: new AuditTrail(platform.db),
  });
});
