import { myProfileSchema, type User } from '@ritim/shared';
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
    });
  });

  it('sends the untouched form back unchanged: empty fields as null and no password', () => {
    expect(myProfileSchema.parse(profileFormValues(user))).toEqual({
      name: 'Ada',
      surname: null,
      email: 'ada@example.com',
      phone: null,
      address: null,
      language: 'tr',
      password: undefined,
    });
  });
});
