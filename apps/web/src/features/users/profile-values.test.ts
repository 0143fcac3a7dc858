import { myProfileFormSchema, type User } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import { parseRouteId } from '../../components/entity-form';
import { profileFormValues } from './profile-values';

const user: User = {
  id: 3,
  username: 'editor',
  role: 'editor',
  status: 'active',
  name: 'Ada',
  surname: null,
  email: 'ada@example.com',
  phone: null,
  address: null,
  timezone: 'Europe/Istanbul',
  language: 'tr',
  groups: [],
  groupIds: [],
  messageGroup: null,
  messageGroupId: null,
  twoFactorEnabled: false,
};

describe('parseRouteId (the user id of /users/:userId/my-profile)', () => {
  it('reads a positive whole number', () => {
    expect(parseRouteId('3')).toBe(3);
    expect(parseRouteId('120')).toBe(120);
  });

  it.each([undefined, '', '0', '-1', '1.5', 'abc', '3abc', ' 3', '1e3', '99999999999999999999'])(
    'treats %j as missing',
    (value) => {
      expect(parseRouteId(value)).toBeNull();
    },
  );
});

describe('profileFormValues', () => {
  it('shows empty fields for missing details and never the password', () => {
    expect(profileFormValues(user)).toEqual({
      name: 'Ada',
      surname: '',
      email: 'ada@example.com',
      phone: '',
      address: '',
      language: 'tr',
      password: '',
      passwordConfirm: '',
      currentPassword: '',
    });
  });

  it('sends the untouched form back unchanged: empty fields as null and no password', () => {
    expect(myProfileFormSchema.parse(profileFormValues(user))).toEqual({
      name: 'Ada',
      surname: null,
      email: 'ada@example.com',
      phone: null,
      address: null,
      language: 'tr',
      password: undefined,
      currentPassword: undefined,
    });
  });

  it('sends a new password with the current one, and never the repeated one', () => {
    const values = { ...profileFormValues(user), password: 'new-password-1', passwordConfirm: 'new-password-1' };
    expect(myProfileFormSchema.parse({ ...values, currentPassword: 'old-password' })).toMatchObject({
      password: 'new-password-1',
      currentPassword: 'old-password',
    });
    expect(myProfileFormSchema.parse({ ...values, currentPassword: 'old-password' })).not.toHaveProperty(
      'passwordConfirm',
    );
  });

  it.each([
    [
      'without the current password',
      { passwordConfirm: 'new-password-1' },
      'currentPassword',
      'Current password is required to set a new one',
    ],
    [
      'typed differently the second time',
      { currentPassword: 'old', passwordConfirm: 'new-password-2' },
      'passwordConfirm',
      'The new passwords do not match',
    ],
    ['not typed a second time', { currentPassword: 'old' }, 'passwordConfirm', 'The new passwords do not match'],
  ])('refuses a new password %s, under the field concerned', (_, extra, field, message) => {
    const result = myProfileFormSchema.safeParse({ ...profileFormValues(user), password: 'new-password-1', ...extra });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, message]]);
  });
});
