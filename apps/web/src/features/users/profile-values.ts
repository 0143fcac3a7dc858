import type { MyProfileFormInput, User } from '@ritim/shared';

/** The form's starting values: the stored details (empty for none) and no new password. */
export function profileFormValues(user: User): Required<MyProfileFormInput> {
  return {
    name: user.name ?? '',
    surname: user.surname ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    address: user.address ?? '',
    language: user.language,
    password: '',
    passwordConfirm: '',
    currentPassword: '',
  };
}
