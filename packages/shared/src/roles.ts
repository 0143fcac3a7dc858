/** Roles a user account can hold (docs/product.md §3). */
export const ROLES = ['admin', 'editor', 'guest'] as const;
export type Role = (typeof ROLES)[number];
/** The state before sign-in, and the fallback for an unknown role. */
export type SessionRole = Role | 'anonymous';

/** Role matching ignores case (docs/product.md §5); anything unknown is anonymous (docs/product.md §4). */
export function parseRole(value: unknown): SessionRole {
  if (typeof value !== 'string') return 'anonymous';
  const lower = value.toLowerCase();
  return (ROLES as readonly string[]).includes(lower) ? (lower as Role) : 'anonymous';
}

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
