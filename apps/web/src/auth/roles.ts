import { parseRole, type SessionRole } from '@ritim/shared';

/** Who may see something: a list of roles, or every signed-in user. */
export type Audience = readonly SessionRole[] | 'signed-in';

/** Role matching ignores case (docs/product.md §5). */
export function hasRole(role: string, allowed: Audience): boolean {
  if (allowed === 'signed-in') return true;
  return allowed.includes(parseRole(role));
}

export function isAdmin(role: string): boolean {
  return parseRole(role) === 'admin';
}
