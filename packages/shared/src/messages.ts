/** User-facing validation and error texts from spec §5 and §8, shared by server and web. */
export const messages = {
  invalidCredentials: 'Invalid username or password',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again later.',
  signedOut: 'Signed out',
  notSignedIn: 'Not signed in',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this',
  crossSite: 'Cross-site request refused',
  invalidItemName: 'Invalid item name',
  locationNameRequired: 'Location name must be a non-empty string',
  locationInUse: 'Location is used by events and cannot be deleted; archive it instead',
  usernameNonEmpty: 'Username must be a non-empty string',
  timezoneRequired: 'Timezone is required',
  groupNameRequired: 'Group name must be a non-empty string',
  formTitleRequired: 'Form title must be a non-empty string',
  keyRequired: 'Key is required',
  valueRequired: 'Value is required',
  labelRequired: 'Label is required',
  lookupNotFound: 'Lookup not found',
  invalidId: 'Id must be a positive whole number',
  userIdMissing: 'User ID is missing',
  ownProfileOnly: 'You can only change your own profile',
  nulCharacter: 'Text must not contain the NUL character (U+0000)',
  internalError: 'Something went wrong on our side. Please try again.',
  shuttingDown: 'Server is shutting down, try again shortly',
} as const;

export const notFound = (item: string) => `${item} not found`;
export const unknownSort = (sort: string) => `Unknown sort '${sort}'`;
