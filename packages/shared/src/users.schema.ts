import { z } from 'zod';
import { ROLES, USER_STATUSES } from './roles.js';

/** A user as the API returns it (never with the password). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  timezone: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const PASSWORD_MIN_LENGTH = 8;

/** Optional text: trimmed, and empty means null (spec §5); absent means unchanged. */
const clearableText = (label: string, max = 200) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .transform((value) => (value ?? '').trim() || null)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** PATCH /api/users/{id}/my-profile: what every signed-in user may change about themselves. */
export const myProfileSchema = z.object({
  name: clearableText('Name'),
  surname: clearableText('Surname'),
  email: clearableText('Email', 254).refine(
    (value) => value === undefined || value === null || EMAIL_PATTERN.test(value),
    'Email must be a valid email address',
  ),
  phone: clearableText('Phone', 50),
  address: clearableText('Address', 500),
  /** A new password; empty or absent keeps the current one. */
  password: z
    .string({ error: 'Password must be text' })
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) => value === undefined || value.length >= PASSWORD_MIN_LENGTH,
      `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    )
    .refine((value) => value === undefined || value.length <= 200, 'Password must be at most 200 characters'),
});
export type MyProfileInput = z.input<typeof myProfileSchema>;
export type MyProfile = z.output<typeof myProfileSchema>;
