/** English texts of two-factor sign-in on My Profile and on a user's page (docs/domain.md#two-factor). */
export const twoFactor = {
  description: 'After your password, Ritim asks for a code from an authenticator app on your phone.',
  stateOn: 'Turned on',
  stateOff: 'Turned off',
  setUp: 'Set up two-factor sign-in',
  setUpFailed: 'Two-factor sign-in could not be set up: {{error}}',
  qrAlt: 'QR code to scan with your authenticator app',
  qrLoading: 'Drawing the QR code...',
  qrFailed: 'The QR code could not be drawn; enter the key below in your app instead.',
  key: 'Or enter this key in the app',
  codeFromApp: 'Code from the app',
  codeHint:
    'Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...), then enter the 6-digit code it shows.',
  turnOn: 'Turn on',
  turnedOn: 'Two-factor sign-in is on',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'If you lose your phone, sign in with one of these codes instead of a code from the app. Each works once. Keep them somewhere safe: they are shown only now.',
  recoveryList: 'Recovery codes',
  copyCodes: 'Copy the codes',
  codesCopied: 'Recovery codes copied',
  codesCopyFailed: 'The codes could not be copied; select them and copy them yourself',
  saved: 'I have saved them',
  onText: 'You sign in with your password and a code from your app (or a recovery code).',
  offText: 'You sign in with your password only.',
  turnOffHint: 'Enter your password to turn it off.',
  turnOff: 'Turn off two-factor sign-in',
  turnedOff: 'Two-factor sign-in is off',
  userOn: '{{username}} signs in with a password and a code from an authenticator app.',
  userOff:
    '{{username}} signs in with a password only. Only they can turn on two-factor sign-in, on their own profile.',
  userTurnOffHint: 'For someone who lost their phone and recovery codes: they then sign in with their password only.',
  confirmTurnOff:
    'Turn off two-factor sign-in for {{username}}? They sign in with their password only until they set it up again.',
  turnedOffFor: 'Two-factor sign-in turned off for {{username}}',
  ownOnProfile: 'Yours is on My Profile.',
};
