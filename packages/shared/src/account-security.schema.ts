import { z } from 'zod';
import { passwordResetMessages, twoFactorMessages } from './account-security.messages.js';
import { LANGUAGES } from './constants.js';
import { messages } from './messages.js';
import { newPasswordSchema } from './users.schema.js';
export { passwordResetMessages, throttleMessages, twoFactorMessages } from './account-security.messages.js';

/** How long a password reset link works (docs/domain.md#password-reset). */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** Recovery codes given when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** POST /api/auth/password-reset: a username or an email address. */
export const passwordResetRequestSchema = z.object({
  login: z
    .string({ error: passwordResetMessages.loginRequired })
    .trim()
    .min(1, passwordResetMessages.loginRequired)
    .max(254),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/{token}: the new password, under the same rules as everywhere. */
export const passwordResetSchema = z.object({ password: newPasswordSchema });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

export const passwordResetParamsSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * GET /api/auth/password-reset/{token}: a link that still works, before its page asks for a
 * password: the account's language (the page's, as the mail's) and when the link stops working.
 */
export const passwordResetLinkSchema = z.object({ language: z.enum(LANGUAGES), expiresAt: z.string() });
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

/** A six-digit TOTP code; spaces (as authenticator apps show it, '123 456') are ignored. */
const totpCode = z
  .string({ error: twoFactorMessages.codeFormat })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.codeFormat));

/** POST /api/users/{id}/two-factor/setup: the new secret (base32) and the authenticator app's link. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/users/{id}/two-factor/enable: a code from the app proves it was set up. */
export const twoFactorEnableSchema = z.object({ code: totpCode });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

/** The recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/users/{id}/two-factor/disable: your password (an admin turning it off for another: no body). */
export const twoFactorDisableSchema = z
  .object({ password: z.string({ error: messages.passwordRequired }).max(200).optional() })
  .nullish();

/** The sign-in's answer when two-factor sign-in is on: no tokens yet, a challenge for the second step. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/auth/login/two-factor: the challenge with a code or a recovery code. */
export const twoFactorLoginSchema = z
  .object({
    challenge: z.string({ error: twoFactorMessages.challengeInvalid }).min(1, twoFactorMessages.challengeInvalid),
    code: totpCode.optional(),
    recoveryCode: z.string().trim().min(1).max(100).optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: twoFactorMessages.codeOrRecoveryCode,
  });
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;
