import { type Text, throttleMessages } from '@ritim/shared';
import { and, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginFailures } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface ThrottleLimits {
  /** The window of the account-and-address and the address limits. */
  windowMinutes: number;
  /** Failures for one account from one client address in `windowMinutes`. */
  perAccountAndAddress: number;
  /** Failures from one client address, whichever accounts, in `windowMinutes`. */
  perAddress: number;
  /**
   * Failures for one account from every address in `accountWindowMinutes`: a higher, slower
   * ceiling, so that an attacker at one address neither locks the owner out elsewhere nor gets
   * unlimited guesses by moving between addresses.
   */
  perAccount: number;
  accountWindowMinutes: number;
}

/** Checks of a secret (docs/domain.md#throttling): 5 per account and address and 30 per address in 15 minutes, 50 per account in an hour. */
export const defaultThrottleLimits: ThrottleLimits = {
  windowMinutes: 15,
  perAccountAndAddress: 5,
  perAddress: 30,
  perAccount: 50,
  accountWindowMinutes: 60,
};

/**
 * Password reset requests (docs/domain.md#password-reset), counted per login as typed (and per
 * address): 3 per login and 20 per address in 15 minutes. The mails themselves are limited per
 * account apart (password-resets.ts), whichever spelling asked.
 */
export const passwordResetLimits: ThrottleLimits = {
  windowMinutes: 15,
  perAccountAndAddress: 3,
  perAddress: 20,
  perAccount: 3,
  accountWindowMinutes: 15,
};

/** Who a failure is about: a known account by its id, else the login as typed (folded). */
export const accountKey = (account: { id: number } | string): string =>
  typeof account === 'string' ? `login:${account.trim().toLowerCase()}` : `user:${account.id}`;

/** A refusal for now: how many seconds until the next attempt is counted again. */
export interface Blocked {
  retryAfterSeconds: number;
}

/**
 * The 429 of a refusal: `Retry-After` in seconds, and a text saying in how many minutes (rounded
 * up), or `text` (which says so in its own words).
 */
export function tooManyAttempts({ retryAfterSeconds }: Blocked, text?: (minutes: number) => Text): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(429, text ? text(minutes) : throttleMessages.tooManyAttempts({ minutes }), {
    'retry-after': String(retryAfterSeconds),
  });
}

/**
 * Counts failed checks of a secret (a password at sign-in, a second-step code, the password that
 * turns two-factor sign-in off or changes the password) in the database, so the limits hold across
 * server processes and restarts: per account and client address, per address, and per account
 * over a longer window. A `scope` counts something else apart (password reset requests, under
 * their own keys).
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits = defaultThrottleLimits,
    private readonly scope = '',
  ) {}

  /** Each counted key with its limit and window. */
  private rules(account: string, address: string) {
    const { windowMinutes, accountWindowMinutes } = this.limits;
    return [
      { key: `${this.scope}${account}@${address}`, limit: this.limits.perAccountAndAddress, minutes: windowMinutes },
      { key: `${this.scope}ip:${address}`, limit: this.limits.perAddress, minutes: windowMinutes },
      { key: `${this.scope}${account}`, limit: this.limits.perAccount, minutes: accountWindowMinutes },
    ];
  }

  /**
   * Whether `account` (accountKey) may not be checked from `address` now, and for how long: a
   * limit reached holds until enough of its failures are older than its window (its limit-th newest).
   */
  async blocked(account: string, address: string): Promise<Blocked | null> {
    const until = this.rules(account, address).map(
      ({ key, limit, minutes }) =>
        sql`(select ${loginFailures.at} + make_interval(mins => ${minutes}) as until from ${loginFailures}
          where ${loginFailures.key} = ${key} and ${loginFailures.at} > now() - make_interval(mins => ${minutes})
          order by ${loginFailures.at} desc limit 1 offset ${Math.max(limit - 1, 0)})`,
    );
    const result = await this.db.execute(
      sql`select ceil(extract(epoch from max(until) - now())) as seconds from (${sql.join(until, sql` union all `)}) as limits`,
    );
    const [row] = (result as { rows: { seconds: string | number | null }[] }).rows;
    const seconds = Number(row?.seconds ?? 0);
    return seconds > 0 ? { retryAfterSeconds: seconds } : null;
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const rules = this.rules(account, address);
    await this.db.insert(loginFailures).values(rules.map(({ key }) => ({ key })));
    const expired: SQL[] = rules.map(({ key, minutes }) =>
      and(eq(loginFailures.key, key), lt(loginFailures.at, sql`now() - make_interval(mins => ${minutes})`))!,
    );
    await this.db.delete(loginFailures).where(or(...expired));
  }

  /** A check that passed clears the failures of its account from its address (not the address's, nor the account's ceiling). */
  async clear(account: string, address: string): Promise<void> {
    const [pair] = this.rules(account, address);
    await this.db.delete(loginFailures).where(inArray(loginFailures.key, [pair!.key]));
  }
}
