import { and, count, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginFailures } from '../db/schema.js';

export interface ThrottleLimits {
  windowMinutes: number;
  perUsername: number;
  perIp: number;
}

export const defaultThrottleLimits: ThrottleLimits = { windowMinutes: 15, perUsername: 5, perIp: 30 };

/** Password reset requests (docs/domain.md#password-reset): a few per login, more per IP, in 15 minutes. */
export const passwordResetLimits: ThrottleLimits = { windowMinutes: 15, perUsername: 3, perIp: 20 };

/**
 * Counts failed sign-ins per username and per IP in the database, so the limit holds across
 * server processes and restarts. A `scope` counts something else apart (password reset requests
 * per login and IP, under their own keys).
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits = defaultThrottleLimits,
    private readonly scope = '',
  ) {}

  private keys(username: string, ip: string) {
    return { user: `${this.scope}user:${username.toLowerCase()}`, ip: `${this.scope}ip:${ip}` };
  }

  private cutoff() {
    return sql`now() - make_interval(mins => ${this.limits.windowMinutes})`;
  }

  async isBlocked(username: string, ip: string): Promise<boolean> {
    const keys = this.keys(username, ip);
    const rows = await this.db
      .select({ key: loginFailures.key, failures: count() })
      .from(loginFailures)
      .where(and(inArray(loginFailures.key, [keys.user, keys.ip]), gt(loginFailures.at, this.cutoff())))
      .groupBy(loginFailures.key);
    const failures = (key: string) => rows.find((r) => r.key === key)?.failures ?? 0;
    return failures(keys.user) >= this.limits.perUsername || failures(keys.ip) >= this.limits.perIp;
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const keys = this.keys(username, ip);
    await this.db.insert(loginFailures).values([{ key: keys.user }, { key: keys.ip }]);
    await this.db
      .delete(loginFailures)
      .where(
        and(or(eq(loginFailures.key, keys.user), eq(loginFailures.key, keys.ip)), lt(loginFailures.at, this.cutoff())),
      );
  }

  /** A successful sign-in clears the username's failures (not the IP's). */
  async clear(username: string, ip: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, this.keys(username, ip).user));
  }
}
