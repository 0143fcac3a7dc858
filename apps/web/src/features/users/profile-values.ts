import type { MyProfileInput, User } from '@ritim/shared';

/** A route's userId as a user id: a positive whole number, else null ('User ID is missing'). */
export function parseUserId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The form's starting values: the stored details (empty for none) and no new password. */
export function profileFormValues(user: User): Required<MyProfileInput> {
  return {
    name: user.name ?? '',
    surname: user.surname ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    address: user.address ?? '',
    password: '',
  };
}
