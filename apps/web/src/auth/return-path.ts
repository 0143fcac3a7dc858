/**
 * Where to go after signing in: the path the user asked for (docs/product.md §2: /login receives it as
 * state), if it is one of ours and not the sign-in or sign-out page; else Home.
 */
export function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  const pathname = from.split(/[?#]/)[0];
  if (pathname === '/login' || pathname === '/logout') return '/';
  return from;
}

/** The state /login receives. */
export interface LoginState {
  from?: string;
  /** A note to show above the form (after a password reset). */
  notice?: 'passwordChanged';
}
