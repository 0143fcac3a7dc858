import { defineMessages } from './messages.js';

/** Texts of a forgotten password's reset (docs/domain.md#password-reset). */
export const passwordResetMessages = defineMessages('passwordReset', {
  loginRequired: 'Username or email is required',
  requested: 'If an account matches, we sent it a link to choose a new password.',
  linkNotFound: 'This password reset link is not valid',
  linkSpent: 'This password reset link has expired or was already used. Ask for a new one.',
  tooManyRequestsFor: ({ minutes }: { minutes: number }) =>
    `Too many password reset requests. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
});

/**
 * The refusal of a check of a secret past its limit (docs/domain.md#throttling): a 429 that also
 * carries Retry-After in seconds. Apart from `messages`, which Sign In's first download carries:
 * the web words it by its code, as the server sends it.
 */
export const throttleMessages = defineMessages('throttle', {
  tooManyAttempts: ({ minutes }: { minutes: number }) =>
    `Too many failed attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
});

/** Texts of two-factor sign-in (docs/domain.md#two-factor). */
export const twoFactorMessages = defineMessages('twoFactor', {
  ownOnly: 'Only you can set up two-factor sign-in for your account',
  codeFormat: 'Code must be 6 digits',
  codeInvalid: 'The code is not valid',
  notSetUp: 'Set up two-factor sign-in first',
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  passwordWrong: 'Password is not correct',
  challengeInvalid: 'This sign-in has expired. Please sign in again.',
  codeOrRecoveryCode: 'Give either a code or a recovery code',
});
