import { SESSION_HINT_COOKIE } from '@ritim/shared';
import { returnPath, type LoginState } from './return-path';

/** Whether the server's session hint cookie is there (set and cleared with the refresh cookie). */
export function mayHaveSession(cookie: string): boolean {
  return cookie.split(/;\s*/).includes(`${SESSION_HINT_COOKIE}=1`);
}

/**
 * Pages that need no account: Sign In, a forgotten password's pages (docs/domain.md#password-reset)
 * and a guest's answer link (docs/domain.md#rsvp).
 */
const isPublicPath = (pathname: string) =>
  pathname === '/login' ||
  pathname === '/forgot-password' ||
  pathname.startsWith('/reset-password/') ||
  pathname.startsWith('/rsvp/');

/**
 * Before the router starts: a browser without a session opens Sign In at once, carrying the path it
 * asked for, so it never fetches the signed-in layout and screens only to be sent away. With the
 * hint the usual session start runs (a refresh; Sign In when that fails). The hint is no
 * credential: the server decides every call.
 */
export function startAtSignIn(location: Location, history: History, cookie: string): void {
  if (isPublicPath(location.pathname) || mayHaveSession(cookie)) return;
  const state: LoginState = { from: returnPath(location.pathname + location.search + location.hash) };
  // React Router reads a location's state from history.state.usr.
  history.replaceState({ usr: state, key: 'default', idx: 0 }, '', '/login');
}
