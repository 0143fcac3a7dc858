import { messages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, userMessages } from '@ritim/shared';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors';
import type { LoginState } from '../../auth/return-path';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { buttonClass } from '../../components/ui';
import { chosenLanguage, loadLanguage, translateMessage } from '../../i18n';
import { resetLinkQuery, useResetPassword } from './api';
import { AuthCard, authLinkClass, BackToSignIn } from './auth-card';

type Values = { password: string; confirm: string };

/** The user form's password rules (the server checks them again), and both entries the same. */
function passwordErrors({ password, confirm }: Values): Partial<Values> {
  const errors: Partial<Values> = {};
  if (password === '') errors.password = translateMessage(messages.passwordRequired);
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = translateMessage(userMessages.passwordTooShort);
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = translateMessage(userMessages.passwordTooLong);
  if (!errors.password && confirm !== password) errors.confirm = 'differ';
  return errors;
}

/** Why a link cannot be used (unknown, used, expired), with the way to a new one. */
function LinkRefused({ text, linkFailed }: { text: string; linkFailed: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="reset-refused">
      <p>{text}</p>
      {linkFailed && (
        <p className="mt-2">
          <Link to="/forgot-password" className={authLinkClass}>
            {t('auth.askNewLink')}
          </Link>
        </p>
      )}
    </div>
  );
}

const refusedLink = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 404);
const failureText = (error: unknown, t: TFunction) =>
  error instanceof ApiError ? translateMessage(error) : t('errors.anErrorOccurred', { error: errorMessage(error) });

/**
 * The reset link's page (/reset-password/<token>, docs/domain.md#password-reset): the link is
 * checked first, so a used, expired or unknown one says so at once (and offers a new one) instead
 * of a form; a working one shows the page in its account's language (unless this device chose
 * one) and asks for a new password twice; success goes to Sign In with a note.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const link = useQuery(resetLinkQuery(token));
  const [values, setValues] = useState<Values>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const reset = useResetPassword(token);
  const change = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const linkLanguage = link.data?.language;
  useEffect(() => {
    // The mail went out in the account's language: its page follows, unless someone chose here.
    if (linkLanguage && !chosenLanguage()) void loadLanguage(linkLanguage).catch(() => undefined);
  }, [linkLanguage]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = passwordErrors(values);
    setErrors(found);
    if (found.password || found.confirm) return;
    reset.mutate(
      { password: values.password },
      {
        onSuccess: () =>
          void navigate('/login', { replace: true, state: { notice: 'passwordChanged' } satisfies LoginState }),
      },
    );
  };

  if (link.isPending || link.isError) {
    return (
      <AuthCard title={t('auth.resetTitle')}>
        {link.isPending ? (
          <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-600">
            <Spinner />
            {t('auth.checkingLink')}
          </p>
        ) : (
          <LinkRefused text={failureText(link.error, t)} linkFailed={refusedLink(link.error)} />
        )}
        <BackToSignIn />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.resetTitle')} intro={t('auth.resetIntro')}>
      <form className="mt-6" noValidate onSubmit={onSubmit}>
        <fieldset disabled={reset.isPending} className="space-y-5">
          <TextField
            label={t('auth.newPassword')}
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            name="password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={values.password}
            onChange={change('password')}
            error={errors.password}
          />
          <TextField
            label={t('auth.confirmPassword')}
            type="password"
            autoComplete="new-password"
            required
            name="confirm"
            maxLength={PASSWORD_MAX_LENGTH}
            value={values.confirm}
            onChange={change('confirm')}
            error={errors.confirm ? t('auth.passwordsDiffer') : undefined}
          />
          <button type="submit" className={`${buttonClass.primary} w-full`} aria-busy={reset.isPending || undefined}>
            {reset.isPending && <Spinner />}
            {t('auth.savePassword')}
          </button>
        </fieldset>
      </form>
      {reset.error && <LinkRefused text={failureText(reset.error, t)} linkFailed={refusedLink(reset.error)} />}
      <BackToSignIn />
    </AuthCard>
  );
}
