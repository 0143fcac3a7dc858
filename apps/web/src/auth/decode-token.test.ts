import { describe, expect, it } from 'vitest';
import { adminClaims, fakeToken } from '../test/tokens';
import { decodeAccessToken } from './decode-token';

const base64url = (text: string) => btoa(text).replace(/=+$/, '');

describe('decodeAccessToken', () => {
  it('derives the user from the claims', () => {
    expect(decodeAccessToken(fakeToken(adminClaims))).toEqual({
      id: '1',
      role: 'admin',
      timezone: 'Europe/Istanbul',
      username: 'admin',
      groupIds: [1, 2],
      exp: 4102444800,
    });
  });

  it('reads UTF-8 usernames', () => {
    expect(decodeAccessToken(fakeToken({ ...adminClaims, username: 'ayşegül' }))?.username).toBe('ayşegül');
  });

  it('rejects a token that is not a string', () => {
    expect(decodeAccessToken(undefined)).toBeNull();
    expect(decodeAccessToken(42)).toBeNull();
    expect(decodeAccessToken({ token: 'x' })).toBeNull();
  });

  it('rejects a token with a missing part', () => {
    const [header, payload] = fakeToken(adminClaims).split('.');
    expect(decodeAccessToken(`${header}.${payload}`)).toBeNull();
    expect(decodeAccessToken(`${header}..signature`)).toBeNull();
    expect(decodeAccessToken('')).toBeNull();
  });

  it('rejects invalid base64', () => {
    expect(decodeAccessToken('header.%%%not-base64%%%.signature')).toBeNull();
  });

  it('rejects a payload that is not JSON', () => {
    expect(decodeAccessToken(`header.${base64url('not json')}.signature`)).toBeNull();
    expect(decodeAccessToken(`header.${base64url('"a string"')}.signature`)).toBeNull();
  });

  it('falls back to anonymous for an unknown role and matches roles ignoring case', () => {
    expect(decodeAccessToken(fakeToken({ ...adminClaims, role: 'superuser' }))?.role).toBe('anonymous');
    expect(decodeAccessToken(fakeToken({ ...adminClaims, role: 'EDITOR' }))?.role).toBe('editor');
  });
});
