import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { refreshTokens } from '../db/schema.js';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_DAYS } from './tokens.js';

const expiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000);

export type RotateResult =
  { kind: 'rotated'; userId: number; token: string } | { kind: 'invalid' } | { kind: 'reused' };

export class RefreshTokenRepository {
  constructor(private readonly db: Db) {}

  /** Starts a new family (one sign-in) and returns its first token. */
  async issue(userId: number, familyId: string = randomUUID()): Promise<string> {
    const token = newOpaqueToken();
    await this.db.insert(refreshTokens).values({ tokenHash: hashToken(token), familyId, userId, expiresAt: expiry() });
    return token;
  }

  /**
   * Exchanges a token for the next one in its family. The claim is a single conditional UPDATE,
   * so of two requests racing with the same token exactly one wins; the other (and any later
   * replay) is a reuse, which revokes the whole family, including the winner's new token.
   */
  async rotate(token: string): Promise<RotateResult> {
    const tokenHash = hashToken(token);
    const [claimed] = await this.db
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (claimed) {
      return { kind: 'rotated', userId: claimed.userId, token: await this.issue(claimed.userId, claimed.familyId) };
    }
    const [known] = await this.db
      .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (known?.usedAt) {
      await this.revokeFamily(known.familyId);
      return { kind: 'reused' };
    }
    return { kind: 'invalid' };
  }

  /** Revokes the family `token` belongs to (sign-out). */
  async revoke(token: string): Promise<void> {
    const [known] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    if (known) await this.revokeFamily(known.familyId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }
}
