import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { accessTokenClaimsSchema, type AccessTokenClaims, type Language, type Role } from '@ritim/shared';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

export interface SessionUser {
  id: number;
  role: Role;
  timezone: string;
  /** The user's language (absent in tokens signed before users had one). */
  language?: Language;
  username: string;
  groupIds: number[];
  /** The account's session version the token was signed at (platform/access/sign-in-versions.ts). */
  sessionVersion: number;
}

/** Verified tokens remembered (the oldest go first beyond this). */
const MAX_VERIFIED = 10_000;

export class AccessTokens {
  /**
   * Tokens already verified, with their user and expiry. A signed-in screen sends the same token
   * with every request for 15 minutes, and Web Crypto's HMAC check runs as a thread-pool job that
   * cost about a millisecond of CPU per request under load (issue 17): each token is checked once,
   * then looked up until it expires. Only a token whose signature and claims passed is kept, so a
   * forged one is checked (and refused) every time.
   */
  private readonly verified = new Map<string, { user: SessionUser; expiresAt: number }>();

  /**
   * A Web Crypto key imported once per process: jose (Web Crypto based) would import raw bytes or
   * a KeyObject again on every sign and verify.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(user: SessionUser): Promise<string> {
    return new SignJWT({
      role: user.role,
      timezone: user.timezone,
      ...(user.language ? { language: user.language } : {}),
      username: user.username,
      groupIds: user.groupIds,
      sv: user.sessionVersion,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(await this.key);
  }

  /**
   * The token's user, or null when it is malformed, tampered, expired or not HS256. Whether its
   * session is still on (not ended by a password change) is SessionVersions' to say.
   */
  async verify(token: string): Promise<SessionUser | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > this.now()) return known.user;
      this.verified.delete(token);
      return null;
    }
    const user = await this.check(token);
    if (user) {
      if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, user);
    }
    return user?.user ?? null;
  }

  private async check(token: string): Promise<{ user: SessionUser; expiresAt: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      const claims: AccessTokenClaims = accessTokenClaimsSchema.parse(payload);
      const id = Number(claims.sub);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      // Frozen: the one object answers every request that brings this token.
      const user: SessionUser = Object.freeze({
        id,
        role: claims.role,
        timezone: claims.timezone,
        ...(claims.language ? { language: claims.language } : {}),
        username: claims.username,
        groupIds: Object.freeze([...claims.groupIds]) as number[],
        sessionVersion: claims.sv ?? 0,
      });
      return { user, expiresAt: claims.exp * 1000 };
    } catch {
      return null;
    }
  }
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
