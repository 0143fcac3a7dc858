import type { SessionRole } from '@ritim/shared';
import { useSyncExternalStore } from 'react';
import { decodeAccessToken, type SessionUser } from './decode-token';

/**
 * - unknown: nothing known yet (a page load); the shell tries a refresh.
 * - authenticated: an access token is held (in memory only).
 * - signed-out: the user signed out; go to the sign-in page without trying a refresh.
 * - expired: a refresh failed mid-session; go to the sign-in page and say why.
 */
export type SessionStatus = 'unknown' | 'authenticated' | 'signed-out' | 'expired';

export interface Session {
  status: SessionStatus;
  isAuthenticated: boolean;
  token: string | null;
  user: SessionUser | null;
  role: SessionRole;
  /** Why the session ended, for status 'expired'. */
  reason?: string;
}

function loggedOut(status: Exclude<SessionStatus, 'authenticated'>, reason?: string): Session {
  return { status, isAuthenticated: false, token: null, user: null, role: 'anonymous', reason };
}

let session: Session = loggedOut('unknown');
const listeners = new Set<() => void>();

function publish(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return session;
}

export function getAccessToken(): string | null {
  return session.token;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores a token and derives the user from it; returns false (and stores nothing) if it is invalid. */
export function setAccessToken(token: unknown): boolean {
  const user = decodeAccessToken(token);
  if (!user || typeof token !== 'string') return false;
  publish({ status: 'authenticated', isAuthenticated: true, token, user, role: user.role });
  return true;
}

export function clearAccessToken(status: Exclude<SessionStatus, 'authenticated'> = 'signed-out', reason?: string) {
  publish(loggedOut(status, reason));
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}
