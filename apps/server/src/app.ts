import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { codedText, codeOfReceivedText, Message, messages, type Text } from '@ritim/shared';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAccessControl } from './auth/access.js';
import { RefreshTokenRepository } from './auth/refresh-tokens.js';
import { PasswordResets } from './auth/password-resets.js';
import { authRoutes } from './auth/routes.js';
import { defaultThrottleLimits, LoginThrottle, passwordResetLimits, type ThrottleLimits } from './auth/throttle.js';
import { AccessTokens } from './auth/tokens.js';
import { TwoFactor } from './auth/two-factor.js';
import { twoFactorRoutes } from './auth/two-factor-routes.js';
import type { Database } from './db/client.js';
import { AnswerCache, type AnswerCacheOptions } from './lib/answer-cache.js';
import { BackgroundWork } from './lib/background.js';
import { AppError } from './lib/errors.js';
import { withRedactedUrls } from './lib/request-log.js';
import { unstorableText } from './lib/unstorable-text.js';
import type { Outbox } from './messaging/outbox.js';
import { registerAuditContext } from './modules/audit-logs/context.js';
import { AuditTrail } from './modules/audit-logs/record.js';
import { AuditLogRepository } from './modules/audit-logs/repository.js';
import { auditLogRoutes } from './modules/audit-logs/routes.js';
import { calendarFeedRoutes } from './modules/calendar-feed/routes.js';
import { CalendarFeedService } from './modules/calendar-feed/service.js';
import { attendanceRoutes, occurrenceAttendanceRoutes } from './modules/event-occurrences/attendance/routes.js';
import { AttendanceService } from './modules/event-occurrences/attendance/service.js';
import { occurrenceCancellationRoutes } from './modules/event-occurrences/cancellation/routes.js';
import { closureRoutes } from './modules/event-occurrences/closures/routes.js';
import { ClosureService } from './modules/event-occurrences/closures/service.js';
import { CancellationService } from './modules/event-occurrences/cancellation/service.js';
import { occurrenceExportRoutes } from './modules/event-occurrences/export-routes.js';
import { OccurrenceExportService } from './modules/event-occurrences/export-service.js';
import { eventOccurrenceRoutes } from './modules/event-occurrences/routes.js';
import { occurrenceMakeupRoutes } from './modules/event-occurrences/makeup/routes.js';
import { MakeupService } from './modules/event-occurrences/makeup/service.js';
import { rsvpRoutes } from './modules/event-occurrences/rsvp/routes.js';
import { RsvpService } from './modules/event-occurrences/rsvp/service.js';
import { RsvpTokens } from './modules/event-occurrences/rsvp/tokens.js';
import { EventOccurrenceService } from './modules/event-occurrences/service.js';
import { eventRoutes } from './modules/events/routes.js';
import { EventService } from './modules/events/service.js';
import { formSubmissionRoutes } from './modules/form-submissions/routes.js';
import { FormSubmissionService } from './modules/form-submissions/service.js';
import { FormRepository } from './modules/forms/repository.js';
import { formRoutes } from './modules/forms/routes.js';
import { GroupRepository } from './modules/groups/repository.js';
import { groupRoutes } from './modules/groups/routes.js';
import { LocationRepository } from './modules/locations/repository.js';
import { locationRoutes } from './modules/locations/routes.js';
import { LookupRepository } from './modules/lookups/repository.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { LookupService } from './modules/lookups/service.js';
import { MessageGroupRepository } from './modules/message-groups/repository.js';
import { messageGroupRoutes } from './modules/message-groups/routes.js';
import { messageLogRoutes } from './modules/message-logs/routes.js';
import { MessageLogService } from './modules/message-logs/service.js';
import { MessagingService } from './modules/messaging/service.js';
import { UserRepository } from './modules/users/repository.js';
import { userRoutes } from './modules/users/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking requests (503), waits for those in flight and the work they started, then closes. */
    shutdown(timeoutMs?: number): Promise<void>;
    /** Resolves when the work requests started after answering (lib/background.ts) is done. */
    idle(): Promise<void>;
  }
}

export interface AppDeps {
  database: Database;
  jwtSecret: string;
  /** Folder of the built web app to serve at /, or null for the API alone. */
  webRoot?: string | null;
  logger?: FastifyServerOptions['logger'];
  throttleLimits?: ThrottleLimits;
  /** Password reset requests per login and IP (auth/throttle.ts's passwordResetLimits). */
  resetThrottleLimits?: ThrottleLimits;
  /**
   * The outbox sends go through (main.ts builds it on the job queue). Without one (tests of other
   * sections) the messaging routes exist but the sends answer 503.
   */
  outbox?: Outbox;
  /** The read routes' answer cache (lib/answer-cache.ts); `maxBytes: 0` keeps nothing (ETags and 304 stay). */
  answerCache?: AnswerCacheOptions;
  /** The clock of the rules that depend on it (started, ahead, horizons); tests fix it. */
  now?: () => Date;
  /** Where people open Ritim (config's publicUrl): the origin of the links in messages. */
  publicUrl?: string;
  /** CANCEL_NOTICE_HOURS: a guest's "no" this long before the start is in time (docs/domain.md#rsvp). */
  cancelNoticeHours?: number;
}

/** Builds the whole HTTP application without listening (tests call it through inject). */
/** One validation issue as fastify-type-provider-zod reports it. */
interface ValidationIssue {
  message?: string;
  keyword?: string;
  instancePath?: string;
  params?: { expected?: unknown };
}

/**
 * A validation issue as one readable line. The schemas' own texts name their field ('Id must be a
 * positive whole number'); zod's generic ones ('Invalid input: expected number, received NaN') get
 * the field, or the part of the request, they are about. zod keeps only the text of a schema's
 * message: a section's text gets its code back from its catalog, any other is common.invalidInput.
 */
export function validationMessage(issue: ValidationIssue, context?: string): Text {
  const message = issue.message ?? messages.invalidRequest;
  if (!/^(Invalid|Too (small|big)|Unrecognized key)/.test(message)) {
    const code = codeOfReceivedText(message);
    return code ? new Message(code, message) : messages.invalidInput({ problem: message });
  }
  const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || (context ?? 'request');
  const expected = issue.params?.expected;
  if (issue.keyword === 'invalid_type' && typeof expected === 'string') {
    return messages.mustBeType({ field, expected });
  }
  return messages.invalidField({ field, problem: message });
}

/**
 * Why the safe parser refused a JSON body: text that plain JSON reads was refused for a key that
 * could reach an object's prototype (`__proto__`, `constructor.prototype`), anything else is not JSON.
 */
function jsonRefusal(body: string): Text {
  try {
    JSON.parse(body);
    return messages.prototypeKey;
  } catch {
    return messages.invalidJson;
  }
}

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    // Link tokens (reset, RSVP, feed) are credentials: no log line carries one (lib/request-log.ts).
    logger: withRedactedUrls(deps.logger ?? false),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  registerAuditContext(app);

  // Graceful shutdown: from the moment it starts, new requests get 503 while the ones in flight
  // finish; only then does the server stop listening and the database close (onClose hooks).
  let draining = false;
  const inFlight = new Set<object>();
  app.addHook('onRequest', async (request, reply) => {
    if (draining) return reply.code(503).header('connection', 'close').send(codedText(messages.shuttingDown));
    inFlight.add(request);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    inFlight.delete(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    inFlight.delete(request);
    done();
  });
  const background = new BackgroundWork(app.log);
  app.decorate('idle', () => background.idle());
  app.decorate('shutdown', async (timeoutMs = 10_000) => {
    draining = true;
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    await background.idle();
    await app.close();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The web client sends DELETE and logout with a JSON content type and no body: an empty JSON
  // body is no body, anything else goes through Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    void parseJson(request, body as string, (error, value) =>
      error ? done(new AppError(400, jsonRefusal(body as string)), undefined) : done(null, value),
    );
  });

  // Text PostgreSQL cannot store (U+0000, a lone surrogate): refused once, for every route, before validation.
  app.addHook('preValidation', async (request) => {
    const problem = unstorableText(request.body) ?? unstorableText(request.query) ?? unstorableText(request.params);
    if (problem) throw new AppError(400, problem);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation as ValidationIssue[];
      return reply
        .code(400)
        .send(codedText(first ? validationMessage(first, error.validationContext) : messages.invalidRequest));
    }
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.body);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(codedText(messages.requestRefused({ reason: error.message })));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(codedText(messages.internalError));
  });

  const servesWeb = !!deps.webRoot && existsSync(path.join(deps.webRoot, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes get the app's page; a missing file (an old asset, say) is a plain 404.
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      servesWeb && request.method === 'GET' && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    return reply.code(404).send(codedText(messages.routeNotFound));
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'] } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ritim API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const tokens = new AccessTokens(deps.jwtSecret);
  registerAccessControl(app, tokens);
  const answerCache = new AnswerCache(deps.database.db, deps.answerCache);
  answerCache.register(app);

  const db = deps.database.db;
  const users = new UserRepository(db);
  const now = deps.now ?? (() => new Date());
  const rsvpTokens = new RsvpTokens(deps.jwtSecret);
  const origin = (deps.publicUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const messaging = new MessagingService(db, deps.outbox, now, { tokens: rsvpTokens, origin });
  const attendance = new AttendanceService(db, now);
  const twoFactor = new TwoFactor(db, deps.jwtSecret, now);

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => {
      await deps.database.ping();
      return { status: 'ok' as const };
    },
  );

  await app.register(authRoutes, {
    prefix: '/api/auth',
    audit: new AuditTrail(db),
    users,
    tokens,
    refreshTokens: new RefreshTokenRepository(db),
    throttle: new LoginThrottle(db, deps.throttleLimits ?? defaultThrottleLimits),
    passwordResets: new PasswordResets(db, users, deps.outbox, origin, now, app.log),
    resetThrottle: new LoginThrottle(db, deps.resetThrottleLimits ?? passwordResetLimits, 'password-reset:'),
    background,
    twoFactor,
  });
  await app.register(auditLogRoutes, { prefix: '/api/audit-logs', auditLogs: new AuditLogRepository(db) });
  await app.register(userRoutes, { prefix: '/api/users', users });
  await app.register(twoFactorRoutes, { prefix: '/api/users', twoFactor, users });
  await app.register(locationRoutes, { prefix: '/api/locations', repository: new LocationRepository(db) });
  await app.register(formRoutes, { prefix: '/api/forms', forms: new FormRepository(db), messaging });
  await app.register(formSubmissionRoutes, { prefix: '/api/forms', submissions: new FormSubmissionService(db) });
  await app.register(lookupRoutes, { prefix: '/api/lookups', lookups: new LookupService(new LookupRepository(db)) });
  await app.register(groupRoutes, { prefix: '/api/groups', repository: new GroupRepository(db) });
  await app.register(eventRoutes, { prefix: '/api/events', events: new EventService(db, now) });
  // Before the occurrence routes: /to-fill beside /:id.
  await app.register(occurrenceAttendanceRoutes, { prefix: '/api/event-occurrences', attendance });
  await app.register(occurrenceCancellationRoutes, {
    prefix: '/api/event-occurrences',
    cancellations: new CancellationService(db, messaging),
  });
  await app.register(occurrenceMakeupRoutes, { prefix: '/api/event-occurrences', makeups: new MakeupService(db, now) });
  await app.register(closureRoutes, { prefix: '/api/closures', closures: new ClosureService(db, messaging) });
  await app.register(eventOccurrenceRoutes, {
    prefix: '/api/event-occurrences',
    occurrences: new EventOccurrenceService(db, now),
    messaging,
  });
  await app.register(attendanceRoutes, { prefix: '/api/attendance', attendance });
  await app.register(occurrenceExportRoutes, {
    prefix: '/api/event-occurrences',
    exports: new OccurrenceExportService(db),
  });
  await app.register(calendarFeedRoutes, {
    prefix: '/api',
    feeds: new CalendarFeedService(db, deps.jwtSecret, now, () => answerCache.version()),
  });
  await app.register(rsvpRoutes, {
    prefix: '/api/rsvp',
    rsvp: new RsvpService(db, rsvpTokens, now, deps.cancelNoticeHours),
  });
  await app.register(messageGroupRoutes, {
    prefix: '/api/message-groups',
    repository: new MessageGroupRepository(db),
    messaging,
  });
  await app.register(messageLogRoutes, {
    prefix: '/api/message-logs',
    messageLogs: new MessageLogService(db),
    outbox: deps.outbox,
  });

  if (servesWeb) {
    await app.register(fastifyStatic, {
      root: deps.webRoot!,
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
