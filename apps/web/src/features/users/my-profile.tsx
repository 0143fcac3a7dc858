import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGES, messages, myProfileFormSchema, PASSWORD_MIN_LENGTH, type User, userMessages } from '@ritim/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { useSession } from '../../auth/session-store';
import {
  ErrorText,
  FormCard,
  FormFrame,
  FormSection,
  ItemLoader,
  parseRouteId,
  StatusCard,
  useSubmitWithFeedback,
} from '../../components/entity-form';
import { SelectInput, TextAreaInput, TextInput } from '../../components/form-fields';
import { buttonClass } from '../../components/ui';
import { Widget } from '../../lib/widgets';
import { useUpdateMyProfile, userQuery } from './api';
import { CalendarFeedSection } from './calendar-feed';
import { TwoFactorSection } from './two-factor';
import { profileFormValues } from './profile-values';
import { i18n, switchLanguage, translateMessage } from '../../i18n';

function ProfileFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FormFrame title={t('profile.title')} description={t('profile.description')}>
      {children}
    </FormFrame>
  );
}

/** Refusals that are about the current password: shown under its field (a wrong one, or too many tries). */
const aboutCurrentPassword = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 429 ||
    error.code === 'users.currentPasswordWrong' ||
    error.code === 'users.currentPasswordRequired' ||
    error.message === userMessages.currentPasswordWrong);

/**
 * My Profile (docs/product.md §2): Name, Surname, Email, Phone, Address and a new Password, typed twice
 * and given with the current one. Text is trimmed and empty means none; an empty password keeps
 * the current one. On success the user goes Home (after a new password, in the new session the
 * answer starts); a failed save keeps them on the form with the server's reason, so nothing typed
 * is lost (a wrong current password, or 'try again in N minutes', under Current password).
 */
function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateMyProfile();
  const submitWithFeedback = useSubmitWithFeedback();
  const form = useForm({ resolver: zodResolver(myProfileFormSchema), defaultValues: profileFormValues(user) });

  const header = (
    <div className="flex items-center gap-4 border-b border-slate-200 px-6 py-5">
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-lg font-semibold text-indigo-700 uppercase"
      >
        {user.username.slice(0, 1)}
      </span>
      <div className="min-w-0">
        <h2 className="sr-only">{t('common.account')}</h2>
        <p className="truncate text-base font-semibold text-slate-900" data-testid="my-profile-username">
          {user.username}
        </p>
        <p className="text-sm text-slate-500">
          {t('profile.accountSummary', { role: t(`roles.${user.role}`), timezone: user.timezone })}
        </p>
      </div>
    </div>
  );

  return (
    <FormCard
      form={form}
      testId="my-profile-form"
      header={header}
      submitLabel={t('profile.submit')}
      backTo="/"
      onSubmit={(changes) =>
        submitWithFeedback(
          async () => {
            const saved = await updateProfile.mutateAsync({ id: user.id, changes }).catch((error: unknown) => {
              if (aboutCurrentPassword(error)) {
                form.setError(
                  'currentPassword',
                  { message: translateMessage(error as ApiError) },
                  { shouldFocus: true },
                );
              }
              throw error;
            });
            // The saved language is the one Ritim shows from now on (and at every sign-in).
            if (saved.language !== i18n.resolvedLanguage) await switchLanguage(saved.language).catch(() => undefined);
            return saved;
          },
          {
            success: t('profile.updated'),
            failure: t('profile.updateFailed'),
            then: '/',
          },
        )
      }
    >
      <FormSection title={t('common.contactDetails')}>
        <TextInput
          name="name"
          label={t('common.name')}
          autoComplete="given-name"
          maxLength={200}
          className="sm:col-span-1"
        />
        <TextInput
          name="surname"
          label={t('common.surname')}
          autoComplete="family-name"
          maxLength={200}
          className="sm:col-span-1"
        />
        <TextInput
          name="email"
          label={t('common.email')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          className="sm:col-span-1"
        />
        <TextInput
          name="phone"
          label={t('common.phone')}
          type="tel"
          autoComplete="tel"
          maxLength={50}
          className="sm:col-span-1"
        />
        <TextAreaInput name="address" label={t('common.address')} autoComplete="street-address" maxLength={500} />
      </FormSection>
      <FormSection title={t('common.language')}>
        <SelectInput
          name="language"
          label={t('common.language')}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          required
          hint={t('profile.languageHint')}
          className="sm:col-span-1"
        />
      </FormSection>
      <FormSection title={t('profile.passwordSection')}>
        <TextInput
          name="currentPassword"
          label={t('profile.currentPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={200}
          hint={t('profile.currentPasswordHint')}
        />
        <TextInput
          name="password"
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          hint={t('profile.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          className="sm:col-span-1"
        />
        <TextInput
          name="passwordConfirm"
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          className="sm:col-span-1"
        />
      </FormSection>
    </FormCard>
  );
}

/** Loads the user; shows the form for one's own profile, else why not. */
function LoadProfile({ id }: { id: number }) {
  const { t } = useTranslation();
  const { user: me } = useSession();
  return (
    <ProfileFrame>
      <ItemLoader query={userQuery(id)} backTo="/" fetchFailed={(error) => t('common.userFetchFailed', { error })}>
        {(user) =>
          me && String(user.id) === me.id ? (
            <>
              <ProfileForm key={user.id} user={user} />
              <TwoFactorSection user={user} />
              <CalendarFeedSection userId={user.id} />
              {user.role === 'editor' && <Widget name="WorkingHours" userId={user.id} />}
            </>
          ) : (
            // An admin may read anyone, but the profile route only ever changes one's own.
            <StatusCard
              backTo="/"
              action={
                me?.id && (
                  <Link to={`/users/${me.id}/my-profile`} className={buttonClass.primary}>
                    {t('profile.openMine')}
                  </Link>
                )
              }
            >
              <p role="status" className="text-sm text-slate-700">
                {t('profile.otherUser', { username: user.username })}
              </p>
            </StatusCard>
          )
        }
      </ItemLoader>
    </ProfileFrame>
  );
}

function MissingUserId() {
  return (
    <ProfileFrame>
      <StatusCard backTo="/">
        <ErrorText message={translateMessage(messages.userIdMissing)} toastId="user-id-missing" />
      </StatusCard>
    </ProfileFrame>
  );
}

/** /users/:userId/my-profile. Without a usable id nothing is requested. */
export function MyProfileScreen() {
  const { userId } = useParams();
  const id = parseRouteId(userId);
  return id === null ? <MissingUserId /> : <LoadProfile key={id} id={id} />;
}
