import { passwordResetMessages } from '@ritim/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/errors';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { buttonClass } from '../../components/ui';
import { translateMessage } from '../../i18n';
import { useRequestPasswordReset } from './api';
import { AuthCard, BackToSignIn } from './auth-card';

/**
 * Forgot password (docs/product.md §2): a username or an email address; the answer is the same
 * whether an account matches or not, so the page says only that a link went out if one does.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useRequestPasswordReset();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.trim() === '') return setError(translateMessage(passwordResetMessages.loginRequired));
    setError(undefined);
    request.mutate({ login: login.trim() });
  };

  const failure = request.error
    ? request.error instanceof ApiError
      ? translateMessage(request.error)
      : t('errors.anErrorOccurred', { error: errorMessage(request.error) })
    : null;

  return (
    <AuthCard title={t('auth.forgotTitle')} intro={request.isSuccess ? undefined : t('auth.forgotIntro')}>
      {request.isSuccess ? (
        <p role="status" className="mt-6 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {translateMessage(request.data)}
        </p>
      ) : (
        <form className="mt-6" noValidate onSubmit={onSubmit}>
          <fieldset disabled={request.isPending} className="space-y-5">
            <TextField
              label={t('auth.login')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              name="login"
              maxLength={254}
              value={login}
              onChange={(event) => setLogin(event.target.value)}
              error={error}
            />
            <button
              type="submit"
              className={`${buttonClass.primary} w-full`}
              aria-busy={request.isPending || undefined}
            >
              {request.isPending && <Spinner />}
              {t('auth.sendLink')}
            </button>
          </fieldset>
        </form>
      )}
      {failure && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
