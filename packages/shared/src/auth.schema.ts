import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { ROLES } from './roles.js';
import { messages } from './messages.js';

export const loginRequestSchema = z.object({
  username: z.string({ error: messages.usernameRequired }).trim().min(1, messages.usernameRequired).max(100),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ accessToken: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Claims of the access token (docs/architecture.md#api-contract); `sub` is the user id as a string. */
export const accessTokenClaimsSchema = z.object({
  sub: z.string(),
  role: z.enum(ROLES),
  timezone: z.string(),
  /** The user's language (tokens from before it existed have none). */
  language: z.enum(LANGUAGES).optional(),
  username: z.string(),
  groupIds: z.array(z.number().int()),
  /**
   * The account's session version when the token was signed: a password change or reset raises it,
   * and a token carrying an older one is refused (tokens from before it existed count as 0).
   */
  sv: z.number().int().min(0).optional(),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
