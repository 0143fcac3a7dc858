import {
  codedText,
  codedTextShape,
  loginRequestSchema,
  messages,
  passwordResetMessages,
  passwordResetParamsSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  SESSION_HINT_COOKIE,
  tokenResponseSchema,
} from '@ritim/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BackgroundWork } from '../lib/background.js';
import { AppError, errorResponses } from '../lib/errors.js';
import type { AuditTrail } from '../modules/audit-logs/record.js';
import type { UserRepository } from '../modules/users/repository.js';
import { assertSameOrigin } from './access.js';
import type { PasswordResets } from './password-resets.js';
import { verifyPassword } from './passwords.js';
import type { RefreshTokenRepository } from './refresh-tokens.js';
import type { LoginThrottle } from './throttle.js';
import { type AccessTokens, REFRESH_TOKEN_TTL_DAYS } from './tokens.js';

export const REFRESH_COOKIE = 'ritim_refresh';
const COOKIE_PATH = '/api/auth';

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
}

const errors = errorResponses(400, 401, 403);

export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (
  app,
  { audit, users, refreshTokens, tokens, throttle, passwordResets, resetThrottle, background },
) => {
  const setRefreshCookie = (reply: FastifyReply, token: string) => {
    const common = {
      sameSite: 'strict',
      secure: reply.request.protocol === 'https',
      maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
    } as const;
    reply.setCookie(REFRESH_COOKIE, token, { ...common, httpOnly: true, path: COOKIE_PATH });
    // Readable by the page: it only says a session may exist (the web app opens Sign In without it).
    reply.setCookie(SESSION_HINT_COOKIE, '1', { ...common, httpOnly: false, path: '/' });
  };
  const clearRefreshCookie = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
  };

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      if (await throttle.isBlocked(username, request.ip)) throw new AppError(429, messages.tooManyAttempts);
      const credentials = await users.findCredentials(username);
      const valid = await verifyPassword(credentials?.passwordHash, password);
      if (!credentials || !valid || !credentials.active) {
        await throttle.recordFailure(username, request.ip);
        // The name tried, never the password; no actor and no id: nobody signed in.
        await audit.record({
          action: 'loginFailed',
          entityType: 'auth',
          entityId: null,
          entityName: username,
          actor: null,
        });
        throw new AppError(401, messages.invalidCredentials);
      }
      await throttle.clear(username, request.ip);
      const { user } = credentials;
      await audit.record({
        action: 'login',
        entityType: 'auth',
        entityId: user.id,
        entityName: user.username,
        actor: { id: user.id, username: user.username },
      });
      setRefreshCookie(reply, await refreshTokens.issue(credentials.user.id));
      return { accessToken: await tokens.sign(credentials.user) };
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
      if (await resetThrottle.isBlocked(login, request.ip))
        throw new AppError(429, passwordResetMessages.tooManyRequests);
      await resetThrottle.recordFailure(login, request.ip);
      // Looking the login up and sending happen after the answer, so it takes as long for any login.
      background.run('password reset request', () => passwordResets.request(login));
      return reply.code(202).send(codedText(passwordResetMessages.requested));
    },
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
