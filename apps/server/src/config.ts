import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number (1-65535)' })
    .int('must be a port number (1-65535)')
    .min(1, 'must be a port number (1-65535)')
    .max(65535, 'must be a port number (1-65535)')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * How long one message delivery may run before it counts as dead (its process stopped) and is
   * retried; the check runs every quarter of it.
   */
  DELIVERY_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds (2-3600)' })
    .int('must be a number of seconds (2-3600)')
    .min(2, 'must be a number of seconds (2-3600)')
    .max(3600, 'must be a number of seconds (2-3600)')
    .default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The address people open Ritim at (scheme, host and port; a path prefix is kept), for links in
   * messages sent without a request to take it from; `http://HOST:PORT` when unset.
   */
  PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// address')
      .optional(),
  ),
  /** The daily message to each organiser listing yesterday's sessions still to fill: off unless `on`. */
  TO_FILL_DIGEST: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  /** The hour (0-23) of the organiser's own day the digest goes out in. */
  TO_FILL_DIGEST_HOUR: z.coerce
    .number({ error: 'must be an hour (0-23)' })
    .int('must be an hour (0-23)')
    .min(0, 'must be an hour (0-23)')
    .max(23, 'must be an hour (0-23)')
    .default(8),
  /**
   * How many hours before a session's start a guest's "no" through their link still counts as a
   * cancellation in time (`cancelled`); after that it is `lateCancelled` (docs/domain.md#rsvp).
   */
  /** The centre's name and address, printed on its invoices (docs/domain.md#billing). */
  CENTRE_NAME: z.string().trim().min(1).max(200).default('Ritim'),
  CENTRE_ADDRESS: optionalText.pipe(z.string().max(500, 'must be at most 500 characters').optional()),
  CANCEL_NOTICE_HOURS: z.coerce
    .number({ error: 'must be a number of hours (0-720)' })
    .int('must be a number of hours (0-720)')
    .min(0, 'must be a number of hours (0-720)')
    .max(720, 'must be a number of hours (0-720)')
    .default(24),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** The address links in messages point to: PUBLIC_URL without a trailing slash, else the one the server listens on. */
export const publicUrl = (config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string =>
  (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '');

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  return result.data;
}
