import { DEFAULT_TIMEZONE, type Language, LANGUAGES, parseRole, type SessionRole } from '@ritim/shared';

/** The signed-in user as the access token describes it (docs/product.md §3). */
export interface SessionUser {
  id: string;
  role: SessionRole;
  timezone: string;
  /** The user's language (the web switches to it at sign-in); absent in older tokens. */
  language?: Language;
  username: string;
  groupIds: number[];
  /** Expiry, seconds since the epoch (0 when the token has none). */
  exp: number;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads the claims of an access token without verifying it (the server does that on every call).
 * Returns null when the token is not a string, misses a part, or holds invalid base64 or JSON
 * (docs/product.md §5); an unknown role becomes 'anonymous' (docs/product.md §4).
 */
export function decodeAccessToken(token: unknown): SessionUser | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part === '')) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64Url(parts[1]!));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
  const record = claims as Record<string, unknown>;
  return {
    id: typeof record.sub === 'string' || typeof record.sub === 'number' ? String(record.sub) : '',
    role: parseRole(record.role),
    timezone: typeof record.timezone === 'string' && record.timezone ? record.timezone : DEFAULT_TIMEZONE,
    ...((LANGUAGES as readonly unknown[]).includes(record.language) ? { language: record.language as Language } : {}),
    username: typeof record.username === 'string' ? record.username : '',
    groupIds: Array.isArray(record.groupIds)
      ? record.groupIds.filter((id): id is number => typeof id === 'number' && Number.isInteger(id))
      : [],
    exp: typeof record.exp === 'number' ? record.exp : 0,
  };
}
