import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT, twoFactorMessages } from '@ritim/shared';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db, Executor } from '../platform/db/client.js';
import { recoveryCodes, twoFactor, twoFactorChallenges, users } from '../platform/db/schema.js';
import { AppError } from '../platform/errors.js';
import { recordAudit } from '../platform/audit/record.js';
import { Sealer } from '../platform/sealed.js';
import { hashToken, newOpaqueToken } from '../platform/access/tokens.js';

/** Two-factor sign-in turned on or off for a user, in the audit log (no secret, no codes). */
async function recordTurned(tx: Executor, action: 'twoFactorEnable' | 'twoFactorDisable', userId: number) {
  const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  await recordAudit(tx, { action, entityType: 'users', entityId: userId, entityName: user?.username ?? null });
}

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const totpOf = (secret: Secret, username = '') =>
  new TOTP({ issuer: 'Ritim', label: username, algorithm: 'SHA1', digits: 6, period: PERIOD, secret });
/** How long the second step of a sign-in may wait. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** `ABCDE-FGHIJ`: 50 random bits in base32 letters, easy to type from paper. */
function newRecoveryCode(): string {
  const letters = new Secret({ buffer: randomBytes(10).buffer }).base32.slice(0, 10);
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}
/** Recovery codes are matched ignoring case, spaces and dashes. */
const recoveryHash = (code: string) => hashToken(code.toUpperCase().replace(/[\s-]/g, ''));

/**
 * Two-factor sign-in (docs/domain.md#two-factor): a TOTP secret per user, sealed in the database,
 * pending until a code proves the app has it; ten recovery codes (hashed, once each); and the
 * sign-in's second step through a short-lived, single-use challenge.
 */
export class TwoFactor {
  private readonly sealer: Sealer;

  constructor(
    private readonly db: Db,
    serverSecret: string,
    private readonly now: () => Date,
  ) {
    this.sealer = new Sealer(serverSecret, 'two-factor-secret');
  }

  async isEnabled(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ enabledAt: twoFactor.enabledAt })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId));
    return !!row?.enabledAt;
  }

  /** A new pending secret (replacing a pending one); 409 while two-factor sign-in is on. */
  async setup(userId: number, username: string): Promise<{ secret: string; otpauthUrl: string }> {
    if (await this.isEnabled(userId)) throw new AppError(409, twoFactorMessages.alreadyOn);
    const secret = new Secret({ size: 20 });
    const sealed = this.sealer.seal(secret.base32);
    await this.db
      .insert(twoFactor)
      .values({ userId, secret: sealed })
      .onConflictDoUpdate({ target: twoFactor.userId, set: { secret: sealed, enabledAt: null, lastStep: null } });
    return { secret: secret.base32, otpauthUrl: totpOf(secret, username).toString() };
  }

  /** Turns it on with a code from the pending secret; answers the recovery codes, once. */
  async enable(userId: number, code: string): Promise<string[]> {
    const [row] = await this.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    if (!row) throw new AppError(409, twoFactorMessages.notSetUp);
    if (row.enabledAt) throw new AppError(409, twoFactorMessages.alreadyOn);
    const step = this.acceptedStep(row, code);
    if (step === null) throw new AppError(400, twoFactorMessages.codeInvalid);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction(async (tx) => {
      await tx.update(twoFactor).set({ enabledAt: this.now(), lastStep: step }).where(eq(twoFactor.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code) })));
      await recordTurned(tx, 'twoFactorEnable', userId);
    });
    return codes;
  }

  /** Turns it off (the secret and the recovery codes are dropped); 409 when it was not on or pending. */
  async disable(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(twoFactor)
        .where(eq(twoFactor.userId, userId))
        .returning({ id: twoFactor.userId });
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (deleted.length === 0) throw new AppError(409, twoFactorMessages.notOn);
      await recordTurned(tx, 'twoFactorDisable', userId);
    });
  }

  /** A sign-in's second step: a new challenge for the user. */
  async challenge(userId: number): Promise<string> {
    const token = newOpaqueToken();
    await this.db
      .delete(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.userId, userId), lt(twoFactorChallenges.expiresAt, this.now())));
    await this.db.insert(twoFactorChallenges).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(this.now().getTime() + CHALLENGE_TTL_MS),
    });
    return token;
  }

  /** The user a live challenge is for, else undefined. */
  async challengeUser(challenge: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ userId: twoFactorChallenges.userId })
      .from(twoFactorChallenges)
      .where(
        and(
          eq(twoFactorChallenges.tokenHash, hashToken(challenge)),
          isNull(twoFactorChallenges.usedAt),
          gt(twoFactorChallenges.expiresAt, this.now()),
        ),
      );
    return row?.userId;
  }

  /**
   * Checks a code (one step either side, never a step already used) or a recovery code (once) and,
   * when it holds, spends the challenge; false when anything does not.
   */
  async complete(challenge: string, userId: number, proof: { code?: string; recoveryCode?: string }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).for('update');
      if (!row?.enabledAt) return false;
      if (proof.code !== undefined) {
        const step = this.acceptedStep(row, proof.code);
        if (step === null) return false;
        await tx.update(twoFactor).set({ lastStep: step }).where(eq(twoFactor.userId, userId));
      } else {
        const spent = await tx
          .update(recoveryCodes)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(recoveryCodes.userId, userId),
              eq(recoveryCodes.codeHash, recoveryHash(proof.recoveryCode ?? '')),
              isNull(recoveryCodes.usedAt),
            ),
          )
          .returning({ id: recoveryCodes.id });
        if (spent.length === 0) return false;
      }
      const claimed = await tx
        .update(twoFactorChallenges)
        .set({ usedAt: this.now() })
        .where(and(eq(twoFactorChallenges.tokenHash, hashToken(challenge)), isNull(twoFactorChallenges.usedAt)))
        .returning({ id: twoFactorChallenges.id });
      return claimed.length > 0;
    });
  }

  /** The step a code belongs to (now, or one either side) if it is newer than the last accepted, else null. */
  private acceptedStep(row: { secret: string; lastStep: number | null }, code: string): number | null {
    const base32 = this.sealer.open(row.secret);
    if (!base32) return null;
    const timestamp = this.now().getTime();
    const delta = totpOf(Secret.fromBase32(base32)).validate({ token: code, timestamp, window: 1 });
    if (delta === null) return null;
    const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
    return row.lastStep !== null && step <= row.lastStep ? null : step;
  }
}
