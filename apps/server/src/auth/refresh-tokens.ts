import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { refreshTokens } from '../platform/db/schema.js';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_TTL_DAYS } from '../platform/access/tokens.js';

const expiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000);

export type RotateResult =
  { kind: 'rotated'; userId: number; token: string } | { kind: 'invalid' } | { kind: 'reused' };

/**
 * Revokes every live refresh token of a user (a new password, deactivation): through `executor`,
 * so it commits or rolls back with the change that causes it when that runs in a transaction.
 */
export async function revokeUserRefreshTokens(executor: Pick<Db, 'update'>, userId: number): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export class RefreshTokenRepository {
  constructor(private readonly db: Db) {}

  /** Starts a new family (one sign-in) and returns its first token. */
  async issue(userId: number, familyId: string = randomUUID()): Promise<string> {
    const token = newOpaqueToken();
    await this.db.insert(refreshTokens).values({ tokenHash: hashToken(token), familyId, userId, expiresAt: expiry() });
    return token;
  }

  /**
   * Exchanges a token for the next one in its family. Claiming the old token and inserting its
   * successor are ONE statement, so they commit together: of two requests racing with the same
   * token exactly one wins, and the loser (like any later replay) sees a spent token whose
   * successor already exists, and revokes the whole family, the winner's new token included.
   */
  async rotate(token: string): Promise<RotateResult> {
    const tokenHash = hashToken(token);
    const next = newOpaqueToken();
    // Both drivers (node-postgres, PGlite) answer a raw statement with `rows`.
    const claimed: unknown = await this.db.execute(sql`
      with claimed as (
        update ${refreshTokens} set used_at = now()
        where token_hash = ${tokenHash} and used_at is null and revoked_at is null and expires_at > now()
        returning user_id, family_id
      )
      insert into ${refreshTokens} (token_hash, family_id, user_id, expires_at)
      select ${hashToken(next)}, family_id, user_id, ${expiry().toISOString()}::timestamptz from claimed
      returning user_id`);
    const [row] = (claimed as { rows: { user_id: number }[] }).rows;
    if (row) return { kind: 'rotated', userId: Number(row.user_id), token: next };
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
