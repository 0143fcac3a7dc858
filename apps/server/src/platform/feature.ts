import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccessTokens } from './access/tokens.js';
import type { Db } from './db/client.js';
import type { Outbox } from './delivery/outbox.js';
import type { AnswerCache } from './answer-cache.js';
import type { BackgroundWork } from './background.js';
import type { ThrottleLimits } from './access/throttle.js';
/**
 * What every feature may use, built once by `buildApp` (docs/architecture.md#features): the
 * database, the clock, the outbox, the answer cache, the work done after answering, the access
 * tokens and the settings a rule reads. A feature builds its own services from these.
 */
export interface Platform {
  db: Db;
  /** The clock of the rules that depend on it (started, ahead, horizons); tests fix it. */
  now: () => Date;
  /** Signs access tokens and the personal links (RSVP, feeds, two-factor secrets). */
  jwtSecret: string;
  /** Where people open Ritim: the origin of the links in messages, without a trailing slash. */
  origin: string;
  /** Without one (tests of other sections) the sends answer 503. */
  outbox: Outbox | undefined;
  answerCache: AnswerCache;
  background: BackgroundWork;
  accessTokens: AccessTokens;
  settings: {
    throttleLimits: ThrottleLimits;
    /** Password reset requests per login and IP. */
    resetThrottleLimits: ThrottleLimits;
    /** A guest's "no" this long before the start is in time (docs/domain.md#rsvp). */
    cancelNoticeHours: number | undefined;
    /** The centre's name and address on its invoices. */
    centre: { name: string; address: string | null };
  };
}

/**
 * A feature: a Fastify plugin that owns its prefix (every route it adds is under it), builds its
 * services from the platform and registers its routes. `buildApp` lists the features and registers
 * each once; the router ranks static paths above parametric ones, so their order does not matter.
 */
export interface Feature {
  readonly prefix: string;
  readonly plugin: FastifyPluginAsyncZod<{ platform: Platform }>;
}

export const defineFeature = (prefix: string, plugin: Feature['plugin']): Feature => ({ prefix, plugin });
