import { describe, expect, it } from 'vitest';
import { createUserSchema, editUserFormSchema, myProfileSchema, updateUserSchema } from './users.schema.js';

const base = { username: 'ece', password: 'a-good-password', role: 'guest', timezone: 'Europe/Istanbul' };
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('user schemas', () => {
  it.each(['+90 555 010 20 30', '(0212) 555-0101', '05550102030', '+44 20 7946 0958'])(
    'accepts the phone %s',
    (phone) => {
      expect(createUserSchema.parse({ ...base, phone }).phone).toBe(phone);
    },
  );

  it.each(['555-CALL', '12 34', '+90 555 010 20 30 40 50 60 70 80', '90+555 0102030', '555.010.2030'])(
    'refuses the phone %s',
    (phone) => {
      expect(messagesOf(createUserSchema.safeParse({ ...base, phone }))).toEqual([
        'Phone must be a valid phone number',
      ]);
    },
  );

  it('requires the password only when creating; an empty one keeps the current one when editing', () => {
    expect(messagesOf(createUserSchema.safeParse({ ...base, password: '' }))).toEqual(['Password is required']);
    expect(editUserFormSchema.parse({ ...base, password: '' }).password).toBeUndefined();
    expect(updateUserSchema.parse({ password: '', name: 'x' })).toEqual({ name: 'x' });
  });

  it('fills the defaults on create: active, no groups, no message group', () => {
    expect(createUserSchema.parse(base)).toMatchObject({ status: 'active', groupIds: [], messageGroupId: null });
  });

  it("requires a timezone on create, with 'Timezone is required' (docs/product.md §5): the API has no default", () => {
    const { timezone: _, ...withoutZone } = base;
    expect(messagesOf(createUserSchema.safeParse(withoutZone))).toEqual(['Timezone is required']);
  });

  it('leaves absent fields out of an update rather than defaulting them', () => {
    expect(updateUserSchema.parse({ surname: ' Kaya ' })).toEqual({ surname: 'Kaya' });
  });

  it('counts a repeated group id once', () => {
    expect(createUserSchema.parse({ ...base, groupIds: [3, 1, 3] }).groupIds).toEqual([3, 1]);
  });

  it("says only 'Timezone is required' for an empty timezone", () => {
    expect(messagesOf(createUserSchema.safeParse({ ...base, timezone: ' ' }))).toEqual(['Timezone is required']);
  });

  it('refuses any field of My profile besides name, contact details and password, naming it', () => {
    expect(messagesOf(myProfileSchema.safeParse({ name: 'x', role: 'admin', timezone: 'Europe/London' }))).toEqual([
      'role, timezone cannot be changed through My profile',
    ]);
  });
});
