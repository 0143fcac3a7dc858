import { ROLES, USER_STATUSES } from './roles.js';
import { LANGUAGES, TIMEZONES } from './constants.js';
import { defineMessages } from './messages.js';

export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MAX_LENGTH = 100;

/** Texts of the Users API besides those of docs/product.md (docs/product.md §5 has only the username and timezone rules). */
export const userMessages = defineMessages('users', {
  usernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameTaken: 'Username is already taken',
  passwordNotText: 'Password must be text',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  roleInvalid: `Role must be one of ${ROLES.join(', ')}`,
  statusInvalid: `Status must be one of ${USER_STATUSES.join(', ')}`,
  timezoneInvalid: `Timezone must be one of ${TIMEZONES.join(', ')}`,
  languageInvalid: `Language must be one of ${LANGUAGES.join(', ')}`,
  emailInvalid: 'Email must be a valid email address',
  phoneInvalid: 'Phone must be a valid phone number',
  messageGroupIdInvalid: 'Message group must be a message group id or null',
  groupNotFound: ({ id }: { id: number }) => `Group ${id} does not exist`,
  messageGroupNotFound: ({ id }: { id: number }) => `Message group ${id} does not exist`,
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDemoteSelf: 'You cannot remove your own admin role',
  lastAdmin: 'At least one active admin must remain',
  inUse: 'User is used by events, forms or lookups and cannot be deleted; deactivate them instead',
  currentPasswordRequired: 'Current password is required to set a new one',
  currentPasswordWrong: 'Current password is not correct',
  passwordsDiffer: 'The new passwords do not match',
  ownPasswordInProfile: 'Change your own password in My profile, which asks for the current one',
  profileFieldsOnly: ({ fields }: { fields: string }) => `${fields} cannot be changed through My profile`,
});
