import {
  createUserSchema,
  DEFAULT_TIMEZONE,
  editUserFormSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  TIMEZONES,
  LANGUAGES,
  DEFAULT_LANGUAGE,
  USER_STATUSES,
  USERNAME_MAX_LENGTH,
  type User,
} from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../auth/session-store';
import { EntityForm, FormSection } from '../../components/entity-form';
import { CheckboxListInput, SelectInput, TextAreaInput, TextInput, type Choice } from '../../components/form-fields';
import { WithChoices } from '../../components/with-choices';
import { Widget } from '../../lib/widgets';
import { choicesQuery, type NamedChoice, useCreateUser, useUpdateUser, userQuery } from './api';
import { GuestBillingAccount } from './billing-account';
import { UserTwoFactorPanel } from './two-factor';

/**
 * The records a choice list offers: the active ones the API lists, plus those the user already
 * has that it does not list any more (archived), so editing never hides or drops a membership.
 */
function withCurrent(listed: NamedChoice[], current: NamedChoice[], archivedLabel: (name: string) => string): Choice[] {
  const ids = new Set(listed.map((item) => item.id));
  return [
    ...listed.map((item) => ({ value: item.id, label: item.name })),
    ...current.filter((item) => !ids.has(item.id)).map((item) => ({ value: item.id, label: archivedLabel(item.name) })),
  ];
}

/**
 * Groups (checkboxes) from GET /api/groups?limit=1000. Until they load, or when they cannot be
 * fetched, the checkboxes are not shown and the user's groups stay as they are on save.
 */
function GroupsField({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const groups = useQuery(choicesQuery('groups'));
  const label = t('nav.groups');
  return (
    <WithChoices
      label={label}
      query={groups}
      texts={{ loading: 'common.groupsLoading', failed: 'common.groupsFailed' }}
    >
      {(data) => (
        <CheckboxListInput
          name="groupIds"
          label={label}
          hint={t('users.groupsHint')}
          emptyText={t('common.groupsEmpty')}
          options={withCurrent(data.items, user?.groups ?? [], (name) => t('users.archivedGroup', { name }))}
        />
      )}
    </WithChoices>
  );
}

/**
 * Message Group (optional) from GET /api/message-groups?limit=1000; shown once they are loaded, so
 * the select never shows "None" for a user who has one.
 */
function MessageGroupField({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const messageGroups = useQuery(choicesQuery('message-groups'));
  const label = t('users.messageGroup');
  return (
    <WithChoices
      label={label}
      query={messageGroups}
      texts={{ loading: 'users.messageGroupsLoading', failed: 'users.messageGroupsFailed' }}
    >
      {(data) => (
        <SelectInput
          name="messageGroupId"
          label={label}
          hint={t('users.messageGroupHint')}
          numeric
          emptyLabel={t('users.noMessageGroup')}
          options={withCurrent(data.items, user?.messageGroup ? [user.messageGroup] : [], (name) => name)}
        />
      )}
    </WithChoices>
  );
}

/**
 * /users/create and /users/:userId/edit (docs/product.md §2, §3 User): Username, Password (required only when
 * creating; on edit empty keeps the current one), Name, Surname, Email, Phone, Address, Role,
 * Groups, Message Group, Timezone, Status. Text is trimmed and empty means none (docs/product.md §5).
 */
export function UserFormScreen() {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const editing = useParams().userId !== undefined;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  const statusOptions = USER_STATUSES.map((status) => ({ value: status, label: t(`users.statuses.${status}`) }));
  const timezoneOptions = TIMEZONES.map((zone) => ({ value: zone, label: zone }));
  const languageOptions = LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }));

  return (
    <EntityForm
      idParam="userId"
      listPath="/users"
      history="users"
      wide
      texts={{
        createTitle: t('users.createTitle'),
        editTitle: t('users.editTitle'),
        description: t('users.formDescription'),
        submitCreate: t('users.createTitle'),
        submitUpdate: t('users.submitUpdate'),
        created: t('users.created'),
        updated: t('users.updated'),
        saveFailed: t('common.saveFailed'),
        fetchFailed: (error) => t('common.userFetchFailed', { error }),
      }}
      itemQuery={userQuery}
      schema={editing ? editUserFormSchema : createUserSchema}
      defaults={(user?: User) => ({
        username: user?.username ?? '',
        password: '',
        name: user?.name ?? '',
        surname: user?.surname ?? '',
        email: user?.email ?? '',
        phone: user?.phone ?? '',
        address: user?.address ?? '',
        role: user?.role ?? 'guest',
        groupIds: user?.groupIds ?? [],
        messageGroupId: user?.messageGroupId ?? null,
        timezone: user?.timezone ?? DEFAULT_TIMEZONE,
        language: user?.language ?? DEFAULT_LANGUAGE,
        status: user?.status ?? 'active',
      })}
      save={(values, user) =>
        user ? updateUser.mutateAsync({ id: user.id, changes: values }) : createUser.mutateAsync(values)
      }
      below={(user) => (
        <>
          <UserTwoFactorPanel user={user} />
          {user.role === 'editor' && <Widget name="WorkingHours" userId={user.id} />}
          {user.role === 'guest' && <GuestBillingAccount guestId={user.id} />}
        </>
      )}
    >
      {({ item: user }) => {
        const self = user !== undefined && String(user.id) === me?.id;
        return (
          <>
            <FormSection title={t('common.account')}>
              <TextInput
                name="username"
                label={t('common.username')}
                required
                autoFocus={!user}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={USERNAME_MAX_LENGTH}
                className="sm:col-span-1"
              />
              {self ? (
                // One's own password changes with the current one, in My profile (the server refuses it here).
                <p className="text-sm text-slate-600 sm:col-span-1 sm:self-end" data-testid="own-password-note">
                  {t('users.ownPasswordNote')}{' '}
                  <Link to={`/users/${user.id}/my-profile`} className="font-medium text-indigo-700 underline">
                    {t('users.openMyProfile')}
                  </Link>
                </p>
              ) : (
                <TextInput
                  name="password"
                  label={t('common.password')}
                  type="password"
                  required={!user}
                  autoComplete="new-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  hint={t(user ? 'users.passwordHintEdit' : 'users.passwordHintCreate', { count: PASSWORD_MIN_LENGTH })}
                  className="sm:col-span-1"
                />
              )}
            </FormSection>
            <FormSection title={t('common.contactDetails')}>
              <TextInput name="name" label={t('common.name')} maxLength={200} className="sm:col-span-1" />
              <TextInput name="surname" label={t('common.surname')} maxLength={200} className="sm:col-span-1" />
              <TextInput
                name="email"
                label={t('common.email')}
                type="email"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={254}
                className="sm:col-span-1"
              />
              <TextInput name="phone" label={t('common.phone')} type="tel" maxLength={50} className="sm:col-span-1" />
              <TextAreaInput name="address" label={t('common.address')} maxLength={500} />
            </FormSection>
            <FormSection title={t('users.accessSection')}>
              <SelectInput
                name="role"
                label={t('users.role')}
                options={roleOptions}
                required
                hint={self ? t('users.selfHint') : undefined}
                className="sm:col-span-1"
              />
              <GroupsField user={user} />
              <MessageGroupField user={user} />
              <SelectInput
                name="timezone"
                label={t('users.timezone')}
                options={timezoneOptions}
                required
                className="sm:col-span-1"
              />
              <SelectInput
                name="language"
                label={t('common.language')}
                options={languageOptions}
                required
                className="sm:col-span-1"
              />
              <SelectInput
                name="status"
                label={t('common.status')}
                options={statusOptions}
                required
                className="sm:col-span-1"
              />
            </FormSection>
          </>
        );
      }}
    </EntityForm>
  );
}
