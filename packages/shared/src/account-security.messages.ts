import { defineMessages } from './messages.js';

/** Texts of a forgotten password's reset (docs/domain.md#password-reset). */
export const passwordResetMessages = defineMessages('passwordReset', {
  loginRequired: 'Username or email is required',
  requested: 'If an account matches, we sent it a link to choose a new password.',
  linkNotFound: 'This password reset link is not valid',
  linkSpent: 'This password reset link has expired or was already used. Ask for a new one.',
  tooManyRequests: 'Too many password reset requests. Try again later.',
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
