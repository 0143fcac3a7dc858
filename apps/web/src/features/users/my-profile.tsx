import { zodResolver } from '@hookform/resolvers/zod';
import { myProfileSchema, PASSWORD_MIN_LENGTH, type User } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../auth/session-store';
import { Spinner } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { TextAreaField, TextField } from '../../components/text-field';
import { buttonClass, cardClass } from '../../components/ui';
import { translateMessage } from '../../i18n';
import { useUpdateMyProfile, userQuery } from './api';
import { parseUserId, profileFormValues } from './profile-values';

function ProfileFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="max-w-2xl space-y-6">
      <PageTitle title={t('profile.title')} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('profile.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('profile.description')}</p>
      </div>
      {children}
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className={buttonClass.secondary}>
      {t('form.back')}
    </Link>
  );
}

/** A card in place of the form: loading, or why there is no form, with the way back. */
function StatusCard({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <>
      <div className={`${cardClass} px-6 py-10 text-center`}>{children}</div>
      <div className="flex flex-wrap gap-3">
        <BackLink />
        {action}
      </div>
    </>
  );
}

const fieldMessage = (message?: string) => (message ? translateMessage(message) : undefined);

/**
 * My Profile (spec §2): Name, Surname, Email, Phone, Address and a new Password. Text is trimmed
 * and empty means none; an empty password keeps the current one. On success the user goes Home;
 * a failed save keeps them on the form with the server's reason, so nothing typed is lost.
 */
function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateProfile = useUpdateMyProfile();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(myProfileSchema), defaultValues: profileFormValues(user) });

  const onSubmit = handleSubmit(async (changes) => {
    try {
      await updateProfile.mutateAsync({ id: user.id, changes });
      toast.success(t('profile.updated'));
      await navigate('/');
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? translateMessage(error.message) : t('profile.updateFailed'),
      );
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={cardClass} data-testid="my-profile-form">
      <div className="flex items-center gap-4 border-b border-slate-200 px-6 py-5">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-lg font-semibold text-indigo-700 uppercase"
        >
          {user.username.slice(0, 1)}
        </span>
        <div className="min-w-0">
          <h2 className="sr-only">{t('profile.account')}</h2>
          <p className="truncate text-base font-semibold text-slate-900" data-testid="my-profile-username">
            {user.username}
          </p>
          <p className="text-sm text-slate-500">
            {t('profile.accountSummary', { role: t(`roles.${user.role}`), timezone: user.timezone })}
          </p>
        </div>
      </div>
      <fieldset disabled={isSubmitting} className="divide-y divide-slate-200">
        <div className="px-6 py-6">
          <h2 className="text-sm font-semibold text-slate-900">{t('profile.contactDetails')}</h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2">
            <TextField
              label={t('profile.name')}
              autoComplete="given-name"
              maxLength={200}
              error={fieldMessage(errors.name?.message)}
              {...register('name')}
            />
            <TextField
              label={t('profile.surname')}
              autoComplete="family-name"
              maxLength={200}
              error={fieldMessage(errors.surname?.message)}
              {...register('surname')}
            />
            <TextField
              label={t('profile.email')}
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={254}
              error={fieldMessage(errors.email?.message)}
              {...register('email')}
            />
            <TextField
              label={t('profile.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={50}
              error={fieldMessage(errors.phone?.message)}
              {...register('phone')}
            />
            <TextAreaField
              label={t('profile.address')}
              autoComplete="street-address"
              rows={3}
              maxLength={500}
              className="sm:col-span-2"
              error={fieldMessage(errors.address?.message)}
              {...register('address')}
            />
          </div>
        </div>
        <div className="px-6 py-6">
          <h2 className="text-sm font-semibold text-slate-900">{t('profile.passwordSection')}</h2>
          <div className="mt-4 grid gap-6 sm:grid-cols-2">
            <TextField
              label={t('profile.password')}
              type="password"
              autoComplete="new-password"
              maxLength={200}
              className="sm:col-span-2"
              hint={t('profile.passwordHint', { count: PASSWORD_MIN_LENGTH })}
              error={fieldMessage(errors.password?.message)}
              {...register('password')}
            />
          </div>
        </div>
      </fieldset>
      <div className="flex items-center justify-end gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-6 py-4">
        <BackLink />
        <button type="submit" disabled={isSubmitting} className={buttonClass.primary}>
          {isSubmitting && <Spinner />}
          {t('profile.submit')}
        </button>
      </div>
    </form>
  );
}

/** Loads the user; shows the form for one's own profile, else why not. */
function LoadProfile({ id }: { id: number }) {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const { data, error, isPending } = useQuery({ ...userQuery(id), retry: false });
  const message = error
    ? t('profile.fetchFailed', { error: error.message ? translateMessage(error.message) : t('errors.unknown') })
    : null;

  useEffect(() => {
    if (message) toast.error(message, { id: `user-${id}-fetch` });
  }, [message, id]);

  if (data && me && String(data.id) === me.id) {
    return (
      <ProfileFrame>
        <ProfileForm key={data.id} user={data} />
      </ProfileFrame>
    );
  }

  let body: ReactNode;
  let action: ReactNode = null;
  if (data) {
    // An admin may read anyone, but the profile route only ever changes one's own.
    body = (
      <p role="status" className="text-sm text-slate-700">
        {t('profile.otherUser', { username: data.username })}
      </p>
    );
    if (me?.id) {
      action = (
        <Link to={`/users/${me.id}/my-profile`} className={buttonClass.primary}>
          {t('profile.openMine')}
        </Link>
      );
    }
  } else if (isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-500">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  } else {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {message}
      </p>
    );
  }
  return (
    <ProfileFrame>
      <StatusCard action={action}>{body}</StatusCard>
    </ProfileFrame>
  );
}

function MissingUserId() {
  const { t } = useTranslation();
  const message = t('messages.userIdMissing');

  useEffect(() => {
    toast.error(message, { id: 'user-id-missing' });
  }, [message]);

  return (
    <ProfileFrame>
      <StatusCard>
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      </StatusCard>
    </ProfileFrame>
  );
}

/** /users/:userId/my-profile. Without a usable id nothing is requested. */
export function MyProfileScreen() {
  const { userId } = useParams();
  const id = parseUserId(userId);
  return id === null ? <MissingUserId /> : <LoadProfile key={id} id={id} />;
}
