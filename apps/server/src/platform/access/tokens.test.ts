import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './tokens.js';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-tokens';
const ayse = {
  id: 7,
  role: 'editor' as const,
  timezone: 'Europe/Istanbul',
  username: 'ayse',
  groupIds: [3],
  sessionVersion: 2,
};

describe('AccessTokens', () => {
  it('accepts a token again and again until it expires, then refuses it although it was verified before', async () => {
    let offset = 0;
    const tokens = new AccessTokens(SECRET, () => Date.now() + offset);
    const token = await tokens.sign(ayse);
    expect(await tokens.verify(token)).toEqual(ayse);
    expect(await tokens.verify(token)).toEqual(ayse);
    offset = (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    expect(await tokens.verify(token)).toBeNull();
    offset = 0;
    // Gone from memory and checked afresh: still valid by the clock, so accepted again.
    expect(await tokens.verify(token)).toEqual(ayse);
  });

  it('refuses a token signed with another secret, however often it is sent', async () => {
    const foreign = await new AccessTokens('another-secret-that-is-long-enough-for-hs256').sign(ayse);
    const tokens = new AccessTokens(SECRET);
    expect(await tokens.verify(foreign)).toBeNull();
    expect(await tokens.verify(foreign)).toBeNull();
  });

  it('hands out a user that cannot be changed, so one request cannot alter the next one’s', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(ayse);
    const user = (await tokens.verify(token))!;
    expect(() => {
      (user as { role: string }).role = 'admin';
    }).toThrow();
    expect(() => user.groupIds.push(1)).toThrow();
    expect((await tokens.verify(token))!.role).toBe('editor');
  });
});
