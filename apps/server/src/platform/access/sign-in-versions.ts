import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client.js';
import { dataVersion, users } from '../db/schema.js';
import type { AnswerCache } from '../answer-cache.js';
import type { SessionUser } from './tokens.js';

/** Users whose session version is remembered (the oldest go first beyond this). */
const MAX_KNOWN = 10_000;

/**
 * Ends every session of a user in `tx`: raises their session version, so each access token signed
 * before is refused from the commit on (the refresh tokens are revoked beside it, refresh-tokens.ts).
 */
export async function raiseSessionVersion(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Whether an access token's session is still on: the token's session version (`sv`) must be the
 * account's, and the account active. A password change or reset (and a deactivation) raises the
 * version in its transaction, so from its commit on every token signed before is refused (401),
 * not only the refresh tokens.
 *
 * No query per request of its own: a user's version is remembered with the data version it was
 * read at (the counter every write to `users` bumps, platform/answer-cache.ts), and the data version is
 * read once per request and shared with the answer cache (requests arriving together share one
 * read). Only when the data version moved since is the user's row read again, so a change made by
 * any process is seen by the next request in every process.
 */
export class SessionVersions {
  private readonly known = new Map<number, { dataVersion: number; sessionVersion: number | null }>();
  private readonly userStatement;
  private readonly bothStatement;

  constructor(
    db: Db,
    private readonly answerCache: AnswerCache,
  ) {
    const activeVersion = sql<
      number | null
    >`(select case when ${users.status} = 'active' then ${users.sessionVersion} end from ${users} where ${users.id} = ${sql.placeholder('id')})`;
    this.userStatement = db
      .select({ sessionVersion: activeVersion })
      .from(dataVersion)
      .where(eq(dataVersion.id, 1))
      .prepare('session_version');
    this.bothStatement = db
      .select({ dataVersion: dataVersion.version, sessionVersion: activeVersion })
      .from(dataVersion)
      .where(eq(dataVersion.id, 1))
      .prepare('session_version_and_data_version');
  }

  /** Whether `user` (as a verified token describes them) may go on with this request. */
  async accepts(request: FastifyRequest, user: SessionUser): Promise<boolean> {
    return (await this.current(request, user.id)) === user.sessionVersion;
  }

  /** The user's session version now (null: no such active user). */
  private async current(request: FastifyRequest, userId: number): Promise<number | null> {
    const known = this.known.get(userId);
    if (known) {
      const version = await this.answerCache.versionFor(request);
      if (version === known.dataVersion) return known.sessionVersion;
      // Read after the data version: what it sees is at least as new.
      const [row] = await this.userStatement.execute({ id: userId });
      return this.remember(userId, version, row?.sessionVersion ?? null);
    }
    // First sight of this user: both in one read, which serves the rest of the request too.
    const [row] = await this.bothStatement.execute({ id: userId });
    const version = Number(row?.dataVersion ?? 0);
    this.answerCache.setVersionFor(request, version);
    return this.remember(userId, version, row?.sessionVersion ?? null);
  }

  private remember(userId: number, version: number, sessionVersion: number | null): number | null {
    const known = this.known.get(userId);
    // A slower request that read an older data version must not replace a newer reading.
    if (known && known.dataVersion > version) return sessionVersion;
    this.known.delete(userId);
    if (this.known.size >= MAX_KNOWN) this.known.delete(this.known.keys().next().value!);
    this.known.set(userId, { dataVersion: version, sessionVersion });
    return sessionVersion;
  }
}
