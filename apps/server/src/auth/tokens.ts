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
}

export class AccessTokens {
  /**
   * A Web Crypto key imported once per process: jose (Web Crypto based) would import raw bytes or
   * a KeyObject again on every sign and verify.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
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
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(await this.key);
  }

  /** The token's user, or null when it is malformed, tampered, expired or not HS256. */
  async verify(token: string): Promise<SessionUser | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const claims: AccessTokenClaims = accessTokenClaimsSchema.parse(payload);
      const id = Number(claims.sub);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      return {
        id,
        role: claims.role,
        timezone: claims.timezone,
        ...(claims.language ? { language: claims.language } : {}),
        username: claims.username,
        groupIds: claims.groupIds,
      };
    } catch {
      return null;
    }
  }
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
