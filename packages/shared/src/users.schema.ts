import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, TIMEZONES } from './constants.js';
import { idField } from './ids.js';
import { listQuerySchema, listResponseSchema } from './list.js';
import { messages } from './messages.js';
import { ROLES, USER_STATUSES } from './roles.js';
import { userMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from './users.messages.js';
export { userMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from './users.messages.js';

/** Sort keys of the users list (docs/product.md §2: by id or username); the first is the default. */
export const USER_SORTS = ['id', 'username'] as const;

/** A group or message group as a user carries it. */
const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A user as the API returns it (never with the password). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  timezone: z.string(),
  /** The language the web starts in for them, and of the messages and reports they receive. */
  language: z.enum(LANGUAGES),
  /** The groups the user belongs to, by name. */
  groups: z.array(namedRefSchema),
  /** The same groups' ids (what the form sends back). */
  groupIds: z.array(z.number().int()),
  /** Where the user's messages go instead of to them directly (docs/domain.md), if anywhere. */
  messageGroup: namedRefSchema.nullable(),
  messageGroupId: z.number().int().nullable(),
  /** Whether two-factor sign-in is on (docs/domain.md#two-factor). */
  twoFactorEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Optional text: trimmed, and empty means null (docs/product.md §5); absent means unchanged. */
const clearableText = (label: string, max = 200) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .transform((value) => (value ?? '').trim() || null)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the usual separators, an optional leading +, and 7 to 20 digits in all. */
const PHONE_PATTERN = /^\+?[\d\s()-]+$/;
const PHONE_DIGITS = { min: 7, max: 20 };

const email = clearableText('Email', 254).refine(
  (value) => value === undefined || value === null || EMAIL_PATTERN.test(value),
  userMessages.emailInvalid,
);
const phone = clearableText('Phone', 50).refine((value) => {
  if (value === undefined || value === null) return true;
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}, userMessages.phoneInvalid);

/** A new password: empty or absent means none (keep the current one) unless `required`. */
const password = (required: boolean) =>
  z
    .string({ error: userMessages.passwordNotText })
    .optional()
    .transform((value) => value || undefined)
    .superRefine((value, ctx) => {
      if (value === undefined) {
        if (required) ctx.addIssue({ code: 'custom', message: messages.passwordRequired });
      } else if (value.length < PASSWORD_MIN_LENGTH) {
        ctx.addIssue({ code: 'custom', message: userMessages.passwordTooShort });
      } else if (value.length > PASSWORD_MAX_LENGTH) {
        ctx.addIssue({ code: 'custom', message: userMessages.passwordTooLong });
      }
    });

/** A new password where one must be given (a password reset): the same rules as the user form's. */
export const newPasswordSchema = password(true).transform((value) => value!);

const recordId = idField;

/** The fields of the user form (docs/product.md §3 User), without defaults: absent means unchanged on PATCH. */
const userFields = {
  username: z
    .string({ error: messages.usernameNonEmpty })
    .trim()
    .min(1, messages.usernameNonEmpty)
    .max(USERNAME_MAX_LENGTH, userMessages.usernameTooLong),
  role: z.enum(ROLES, { error: userMessages.roleInvalid }),
  status: z.enum(USER_STATUSES, { error: userMessages.statusInvalid }),
  timezone: z
    .string({ error: messages.timezoneRequired })
    .trim()
    .min(1, { error: messages.timezoneRequired, abort: true })
    .refine((value) => (TIMEZONES as readonly string[]).includes(value), userMessages.timezoneInvalid),
  language: z.enum(LANGUAGES, { error: userMessages.languageInvalid }),
  name: clearableText('Name'),
  surname: clearableText('Surname'),
  email,
  phone,
  address: clearableText('Address', 500),
  /** The groups the user belongs to: the whole set (a repeated id counts once). */
  groupIds: z
    .array(recordId(messages.groupIdsInvalid), { error: messages.groupIdsInvalid })
    .max(1000, messages.groupIdsInvalid)
    .transform((ids) => [...new Set(ids)]),
  messageGroupId: recordId(userMessages.messageGroupIdInvalid).nullable(),
};

/**
 * The whole user as a form sends it. The timezone is required ('Timezone is required', docs/product.md §5:
 * the form starts at Europe/Istanbul, the API has no default); status defaults to active, groups
 * to none and the message group to none; the password is required only when `passwordRequired`
 * (creating), else empty keeps the current one.
 */
const userInput = (passwordRequired: boolean) =>
  z.object({
    ...userFields,
    password: password(passwordRequired),
    status: userFields.status.default('active'),
    language: userFields.language.default(DEFAULT_LANGUAGE),
    groupIds: userFields.groupIds.default([]),
    messageGroupId: userFields.messageGroupId.default(null),
  });

/** POST /api/users (and the create form): the password is required. */
export const createUserSchema = userInput(true);
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.output<typeof createUserSchema>;

/** The edit form: every field, the password optional (empty keeps the current one). */
export const editUserFormSchema = userInput(false);

/**
 * PATCH /api/users/{id}: what is absent stays as it is; `groupIds`, when given, replaces the whole
 * set; an empty or absent password keeps the current one.
 */
export const updateUserSchema = z
  .object({ ...userFields, password: password(false) })
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), messages.nothingToUpdate);
export type UpdateUser = z.output<typeof updateUserSchema>;

export const userListQuerySchema = listQuerySchema(USER_SORTS).extend({
  /** Only users with this role (matched ignoring case, docs/product.md §5), e.g. editors as organisers. */
  role: z.string().trim().toLowerCase().pipe(userFields.role).optional(),
  /** Only users with this status, e.g. active guests. */
  status: z.string().trim().toLowerCase().pipe(userFields.status).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListSchema = listResponseSchema('users', userSchema);
export type UserList = z.infer<typeof userListSchema>;

/** The password the user has now, which a new one needs (absent or empty: none given). */
const currentPassword = z
  .string({ error: userMessages.passwordNotText })
  .max(PASSWORD_MAX_LENGTH, userMessages.passwordTooLong)
  .optional()
  .transform((value) => value || undefined);

const myProfileFields = {
  name: userFields.name,
  surname: userFields.surname,
  email: userFields.email,
  phone: userFields.phone,
  address: userFields.address,
  language: userFields.language.optional(),
  password: password(false),
  currentPassword,
};

const onlyProfileFields = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? userMessages.profileFieldsOnly({ fields: (issue.keys ?? []).join(', ') }).message
      : undefined,
};

/** A new password comes with the current one. */
const currentPasswordForNew = (value: { password?: string; currentPassword?: string }, ctx: z.RefinementCtx): void => {
  if (value.password !== undefined && value.currentPassword === undefined) {
    ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: userMessages.currentPasswordRequired });
  }
};

/**
 * PATCH /api/users/{id}/my-profile: what every signed-in user may change about themselves. Any
 * other field (role, username, status, groups, message group, timezone...) is refused with 400
 * rather than silently dropped, so a caller never takes a 200 for a change that did not happen. A
 * new `password` needs `currentPassword` (400 without it; a wrong one is 400 too, counted by the
 * sign-in throttle); `currentPassword` alone changes nothing.
 */
export const myProfileSchema = z.strictObject(myProfileFields, onlyProfileFields).superRefine(currentPasswordForNew);
export type MyProfileInput = z.input<typeof myProfileSchema>;
export type MyProfile = z.output<typeof myProfileSchema>;

/**
 * The My Profile form: the body's fields and the new password typed again, which must match (it is
 * not sent: the output is the body).
 */
export const myProfileFormSchema = z
  .strictObject({ ...myProfileFields, passwordConfirm: z.string().optional() }, onlyProfileFields)
  .superRefine((value, ctx) => {
    currentPasswordForNew(value, ctx);
    if (value.password !== undefined && (value.passwordConfirm ?? '') !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: userMessages.passwordsDiffer });
    }
  })
  .transform(({ passwordConfirm: _confirm, ...body }): MyProfile => body);
export type MyProfileFormInput = z.input<typeof myProfileFormSchema>;

/**
 * The answer of PATCH /api/users/{id}/my-profile: the user, and after a change of the password an
 * access token for the caller (every token from before it is refused; a refresh cookie of a new
 * session comes with it).
 */
export const myProfileAnswerSchema = userSchema.extend({ accessToken: z.string().optional() });
export type MyProfileAnswer = z.infer<typeof myProfileAnswerSchema>;
