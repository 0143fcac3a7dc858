import {
  codedText,
  codedTextShape,
  loginRequestSchema,
  messages,
  passwordResetMessages,
  passwordResetLinkSchema,
  passwordResetParamsSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  SESSION_HINT_COOKIE,
  tokenResponseSchema,
  twoFactorChallengeSchema,
  twoFactorLoginSchema,
  twoFactorMessages,
  type Text,
} from '@ritim/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BackgroundWork } from '../platform/background.js';
import { AppError, errorResponses } from '../platform/errors.js';
import { assertSameOrigin } from '../platform/access/access.js';
import { verifyPassword } from './passwords.js';
import { type AccessTokens, REFRESH_TOKEN_TTL_DAYS, type SessionUser } from '../platform/access/tokens.js';
import { noStore } from '../platform/request-log.js';
import { defineFeature } from '../platform/feature.js';
import { AuditTrail } from '../platform/audit/record.js';
import { UserRepository } from '../modules/users/repository.js';
import { PasswordResets } from './password-resets.js';
import { RefreshTokenRepository } from './refresh-tokens.js';
import { accountKey, LoginThrottle, tooManyAttempts } from '../platform/access/throttle.js';
import { TwoFactor } from './two-factor.js';

export const REFRESH_COOKIE = 'ritim_refresh';
const COOKIE_PATH = '/api/auth';

/**
 * Sets the refresh cookie of a session (httpOnly, for /api/auth only) and, beside it, the hint the
 * page may read that a session may exist (the web app opens Sign In without it).
 */
export function setRefreshCookie(reply: FastifyReply, token: string): void {
  const common = {
    sameSite: 'strict',
    secure: reply.request.protocol === 'https',
    maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
  } as const;
  reply.setCookie(REFRESH_COOKIE, token, { ...common, httpOnly: true, path: COOKIE_PATH });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...common, httpOnly: false, path: '/' });
}

export interface AuthRouteDeps {
  /** Where sign-ins are recorded (docs/domain.md#audit-log). */
  audit: AuditTrail;
  users: UserRepository;
  refreshTokens: RefreshTokenRepository;
  tokens: AccessTokens;
  throttle: LoginThrottle;
  passwordResets: PasswordResets;
  /** Password reset requests per login and IP. */
  resetThrottle: LoginThrottle;
  background: BackgroundWork;
  twoFactor: TwoFactor;
}

const errors = errorResponses(400, 401, 403);

const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (
  app,
  { audit, users, refreshTokens, tokens, throttle, passwordResets, resetThrottle, background, twoFactor },
) => {
  // Tokens, challenges and sign-in refusals: nothing a cache may keep.
  app.addHook('onSend', noStore);
  const clearRefreshCookie = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
  };

  /**
   * A refused sign-in: counted by the throttle and recorded with the name tried (never the
   * password or code), nobody acting; a wrong second-step code as such, with the account's id.
   */
  const refuse = async (
    account: string,
    ip: string,
    row: { action: 'loginFailed' | 'twoFactorCodeFailed'; entityId: number | null; entityName: string },
    message: Text,
  ): Promise<never> => {
    await throttle.recordFailure(account, ip);
    await audit.record({ ...row, entityType: 'auth', actor: null });
    throw new AppError(401, message);
  };

  /** A sign-in that passed every step: the failures cleared, recorded, a refresh cookie and an access token. */
  const signIn = async (user: SessionUser, ip: string, reply: FastifyReply) => {
    await throttle.clear(accountKey(user), ip);
    const actor = { id: user.id, username: user.username };
    await audit.record({ action: 'login', entityType: 'auth', entityId: user.id, entityName: user.username, actor });
    setRefreshCookie(reply, await refreshTokens.issue(user.id));
    return { accessToken: await tokens.sign(user) };
  };

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with username and password (with two-factor sign-in on: a challenge for POST /login/two-factor, no tokens yet); 429 with Retry-After after 5 failures for an account from one address or 50 from any in an hour',
        body: loginRequestSchema,
        response: { 200: z.union([tokenResponseSchema, twoFactorChallengeSchema]), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const credentials = await users.findCredentials(username);
      // An account's failures count by its id, however its name was typed; an unknown name by the name.
      const account = accountKey(credentials?.user ?? username);
      const blocked = await throttle.blocked(account, request.ip);
      if (blocked) throw tooManyAttempts(blocked);
      const valid = await verifyPassword(credentials?.passwordHash, password);
      if (!credentials || !valid || !credentials.active) {
        const row = { action: 'loginFailed', entityId: null, entityName: username } as const;
        return refuse(account, request.ip, row, messages.invalidCredentials);
      }
      if (await twoFactor.isEnabled(credentials.user.id)) {
        // The failures stay counted until the second step succeeds.
        return { twoFactorRequired: true as const, challenge: await twoFactor.challenge(credentials.user.id) };
      }
      return signIn(credentials.user, request.ip, reply);
    },
  );

  app.post(
    '/login/two-factor',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "Sign in's second step: the challenge with a code from the app or a recovery code (a wrong one is 401, counted by the sign-in throttle and recorded as twoFactorCodeFailed; 429 with Retry-After past the limit)",
        body: twoFactorLoginSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { challenge, code, recoveryCode } = request.body;
      const userId = await twoFactor.challengeUser(challenge);
      const user = userId === undefined ? undefined : await users.findActiveSessionUser(userId);
      if (!user) throw new AppError(401, twoFactorMessages.challengeInvalid);
      const blocked = await throttle.blocked(accountKey(user), request.ip);
      if (blocked) throw tooManyAttempts(blocked);
      if (!(await twoFactor.complete(challenge, user.id, { code, recoveryCode }))) {
        // The password was right, the code not: still nobody signed in.
        const row = { action: 'twoFactorCodeFailed', entityId: user.id, entityName: user.username } as const;
        return refuse(accountKey(user), request.ip, row, twoFactorMessages.codeInvalid);
      }
      return signIn(user, request.ip, reply);
    },
  );

  app.post(
    '/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the refresh cookie for a new access token (rotates the cookie)',
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      const presented = request.cookies[REFRESH_COOKIE];
      const result = presented ? await refreshTokens.rotate(presented) : ({ kind: 'invalid' } as const);
      const user = result.kind === 'rotated' ? await users.findActiveSessionUser(result.userId) : undefined;
      if (result.kind !== 'rotated' || !user) {
        clearRefreshCookie(reply);
        throw new AppError(401, messages.sessionExpired);
      }
      setRefreshCookie(reply, result.token);
      return { accessToken: await tokens.sign(user) };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh cookie and its family',
        response: { 200: z.object({ ...codedTextShape, message: z.literal(messages.signedOut) }), ...errors },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await refreshTokens.revoke(presented);
      clearRefreshCookie(reply);
      return codedText(messages.signedOut);
    },
  );

  app.post(
    '/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Forgotten password: send a reset link to the account a username or email names (202 and the same answer whether one does or not)',
        body: passwordResetRequestSchema,
        response: {
          202: z.object({ ...codedTextShape, message: z.string() }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const { login } = request.body;
      const blocked = await resetThrottle.blocked(accountKey(login), request.ip);
      if (blocked) throw tooManyAttempts(blocked, (minutes) => passwordResetMessages.tooManyRequestsFor({ minutes }));
      await resetThrottle.recordFailure(accountKey(login), request.ip);
      // Looking the login up and sending happen after the answer, so it takes as long for any login.
      background.run('password reset request', () => passwordResets.request(login));
      return reply.code(202).send(codedText(passwordResetMessages.requested));
    },
  );

  app.get(
    '/password-reset/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "Check a reset link before asking for a password: the account's language and the link's expiry (unknown link 404, used or expired 400)",
        params: passwordResetParamsSchema,
        response: { 200: passwordResetLinkSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => passwordResets.check(request.params.token),
  );

  app.post(
    '/password-reset/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Choose a new password through a reset link: every session of the account ends (unknown link 404, used or expired 400)',
        params: passwordResetParamsSchema,
        body: passwordResetSchema,
        response: { 204: z.null(), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await passwordResets.reset(request.params.token, request.body.password);
      return reply.code(204).send(null);
    },
  );
};

/** Sign-in, refresh, sign-out and password reset at /api/auth. */
export const authFeature = defineFeature('/api/auth', async (app, { platform }) => {
  const { db, now, settings } = platform;
  const users = new UserRepository(db);
  await app.register(authRoutes, {
    audit: new AuditTrail(db),
    users,
    tokens: platform.accessTokens,
    refreshTokens: new RefreshTokenRepository(db),
    // Every check of a secret counts under the same limits and keys (users' and two-factor's too).
    throttle: new LoginThrottle(db, settings.throttleLimits),
    passwordResets: new PasswordResets(db, users, platform.outbox, platform.origin, now, app.log),
    resetThrottle: new LoginThrottle(db, settings.resetThrottleLimits, 'password-reset:'),
    background: platform.background,
    twoFactor: new TwoFactor(db, platform.jwtSecret, now),
  });
});
