import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAccessControl } from './platform/access/access.js';
import { authFeature } from './auth/routes.js';
import { defaultThrottleLimits, passwordResetLimits, type ThrottleLimits } from './platform/access/throttle.js';
import { SessionVersions } from './platform/access/sign-in-versions.js';
import { AccessTokens } from './platform/access/tokens.js';
import { twoFactorFeature } from './auth/two-factor-routes.js';
import type { Database } from './platform/db/client.js';
import { AnswerCache, type AnswerCacheOptions } from './platform/answer-cache.js';
import { BackgroundWork } from './platform/background.js';
import type { Feature, Platform } from './platform/feature.js';
import { registerHttpPlugins, registerRequestHandling, registerShutdown, registerWebApp } from './platform/http.js';
import { withRedactedUrls } from './platform/request-log.js';
import type { Outbox } from './platform/delivery/outbox.js';
import { registerAuditContext } from './platform/audit/context.js';
import { auditLogsFeature } from './modules/audit-logs/routes.js';
import { billingFeature } from './modules/billing/routes.js';
import { calendarFeedFeature } from './modules/calendar-feed/routes.js';
import { availabilityFeature, coverFeature, timeOffFeature } from './modules/cover/routes.js';
import { attendanceFeature, occurrenceAttendanceFeature } from './modules/attendance/routes.js';
import { cancellationFeature } from './modules/cancellation/routes.js';
import { closuresFeature } from './modules/closures/routes.js';
import { occurrenceExportFeature } from './modules/occurrence-export/routes.js';
import { makeupFeature } from './modules/makeup/routes.js';
import { eventOccurrencesFeature } from './modules/event-occurrences/routes.js';
import { rsvpFeature } from './modules/rsvp/routes.js';
import { eventsFeature } from './modules/events/routes.js';
import { formSubmissionsFeature } from './modules/form-submissions/routes.js';
import { formsFeature } from './modules/forms/routes.js';
import { groupsFeature } from './modules/groups/routes.js';
import { locationsFeature } from './modules/locations/routes.js';
import { lookupsFeature } from './modules/lookups/routes.js';
import { messageGroupsFeature } from './modules/message-groups/routes.js';
import { messageLogsFeature } from './modules/message-logs/routes.js';
import { usersFeature } from './modules/users/routes.js';

/** Every feature of the API (docs/architecture.md#features): each owns its prefix and builds its services. */
const FEATURES: readonly Feature[] = [
  authFeature,
  auditLogsFeature,
  usersFeature,
  twoFactorFeature,
  locationsFeature,
  groupsFeature,
  lookupsFeature,
  formsFeature,
  formSubmissionsFeature,
  eventsFeature,
  eventOccurrencesFeature,
  occurrenceAttendanceFeature,
  cancellationFeature,
  makeupFeature,
  occurrenceExportFeature,
  closuresFeature,
  availabilityFeature,
  timeOffFeature,
  coverFeature,
  attendanceFeature,
  rsvpFeature,
  calendarFeedFeature,
  messageGroupsFeature,
  messageLogsFeature,
  billingFeature,
];

export interface AppDeps {
  database: Database;
  jwtSecret: string;
  /** Folder of the built web app to serve at /, or null for the API alone. */
  webRoot?: string | null;
  logger?: FastifyServerOptions['logger'];
  throttleLimits?: ThrottleLimits;
  /** Password reset requests per login as typed and IP (platform/access/throttle.ts's passwordResetLimits). */
  resetThrottleLimits?: ThrottleLimits;
  /**
   * The outbox sends go through (main.ts builds it on the job queue). Without one (tests of other
   * sections) the messaging routes exist but the sends answer 503.
   */
  outbox?: Outbox;
  /** The read routes' answer cache (platform/answer-cache.ts); `maxBytes: 0` keeps nothing (ETags and 304 stay). */
  answerCache?: AnswerCacheOptions;
  /** The clock of the rules that depend on it (started, ahead, horizons); tests fix it. */
  now?: () => Date;
  /** Where people open Ritim (config's publicUrl): the origin of the links in messages. */
  publicUrl?: string;
  /** CANCEL_NOTICE_HOURS: a guest's "no" this long before the start is in time (docs/domain.md#rsvp). */
  cancelNoticeHours?: number;
  /** CENTRE_NAME and CENTRE_ADDRESS: printed on invoices (docs/domain.md#billing). */
  centre?: { name: string; address: string | null };
}

/** Builds the whole HTTP application without listening (tests call it through inject). */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    // Link tokens (reset, RSVP, feed) are credentials: no log line carries one (platform/request-log.ts).
    logger: withRedactedUrls(deps.logger ?? false),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  registerAuditContext(app);

  const background = new BackgroundWork(app.log);
  registerShutdown(app, background);
  registerRequestHandling(app);
  const webRoot = deps.webRoot && existsSync(path.join(deps.webRoot, 'index.html')) ? deps.webRoot : null;
  await registerHttpPlugins(app, webRoot);
  const accessTokens = new AccessTokens(deps.jwtSecret);
  const answerCache = new AnswerCache(deps.database.db, deps.answerCache);
  registerAccessControl(app, accessTokens, new SessionVersions(deps.database.db, answerCache));
  answerCache.register(app);

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

  const platform: Platform = {
    db: deps.database.db,
    now: deps.now ?? (() => new Date()),
    jwtSecret: deps.jwtSecret,
    origin: (deps.publicUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    outbox: deps.outbox,
    answerCache,
    background,
    accessTokens,
    settings: {
      throttleLimits: deps.throttleLimits ?? defaultThrottleLimits,
      resetThrottleLimits: deps.resetThrottleLimits ?? passwordResetLimits,
      cancelNoticeHours: deps.cancelNoticeHours,
      centre: deps.centre ?? { name: 'Ritim', address: null },
    },
  };
  for (const feature of FEATURES) await app.register(feature.plugin, { prefix: feature.prefix, platform });

  await registerWebApp(app, webRoot);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
