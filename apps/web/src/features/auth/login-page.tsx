import { messages } from '@ritim/shared';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { toast } from '../../components/toast';
import { login } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/errors';
import { decodeAccessToken } from '../../auth/decode-token';
import { returnPath, type LoginState } from '../../auth/return-path';
import { setAccessToken, useSession } from '../../auth/session-store';
import { Spinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { switchLanguage, translateMessage } from '../../i18n';
import { queryClient } from '../../query-client';
import { AuthCard, AuthFailure, AuthSubmit, authLinkClass } from './auth-card';

type Credentials = { username: string; password: string };

// Only accounts with two-factor sign-in need the second step: it stays out of Sign In's first download.
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step')).TwoFactorStep }));

/** Spec §5: both are required (the username after trimming); the server checks the rest. */
function credentialErrors({ username, password }: Credentials): Partial<Credentials> {
  return {
    ...(username.trim() === '' ? { username: messages.usernameRequired } : {}),
    ...(password === '' ? { password: messages.passwordRequired } : {}),
  };
}

/**
 * Sign In (docs/product.md §2): on success the user returns to the page they asked for, else Home. Two
 * fields need no form library: keeping this screen plain keeps the first download small. With
 * two-factor sign-in on (docs/domain.md#two-factor) the password is followed by a second step that
 * asks for a code from the app or a recovery code.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Credentials>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const change = (field: keyof Credentials) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const state = location.state as LoginState | null;
  if (session.isAuthenticated) {
    return <Navigate to={returnPath(state?.from)} replace />;
  }

  /** Starts the session with the access token (either step's). */
  const finishSignIn = async (token: unknown) => {
    queryClient.clear();
    // The web starts in the user's language (before their first screen renders).
    const language = decodeAccessToken(token)?.language;
    if (language) await switchLanguage(language).catch(() => undefined);
    if (!setAccessToken(token)) throw new Error(t('auth.invalidToken'));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = credentialErrors(values);
    setErrors(found);
    if (found.username || found.password) return;
    setFailure(null);
    setSubmitting(true);
    const credentials = { username: values.username.trim(), password: values.password };
    try {
      const answer = await login(credentials);
      if ('challenge' in answer) setChallenge(answer.challenge);
      else await finishSignIn(answer.accessToken);
    } catch (error) {
      // Refused credentials, and too many failures ('Try again in N minutes'), under the form.
      if (error instanceof ApiError && [401, 404, 429].includes(error.status)) {
        setFailure(translateMessage(error));
      } else {
        toast.error(
          t('errors.anErrorOccurred', {
            error: errorMessage(error),
          }),
        );
      }
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (message?: string) => (message ? translateMessage(message) : undefined);

  if (challenge !== null) {
    return (
      <AuthCard title={t('auth.twoFactor.title')}>
        <Suspense
          fallback={
            <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-500">
              <Spinner />
              {t('common.loading')}
            </p>
          }
        >
          <TwoFactorStep
            challenge={challenge}
            onSignedIn={finishSignIn}
            onRestart={(reason) => {
              // Back to the password (a new challenge comes with it); the username stays.
              setChallenge(null);
              setValues((current) => ({ ...current, password: '' }));
              setFailure(reason ?? null);
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signInTitle')} intro={t('auth.signInIntro')}>
      {state?.notice === 'passwordChanged' && (
        <p role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {t('auth.passwordChanged')}
        </p>
      )}
      <form className="mt-6" noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset disabled={isSubmitting} className="space-y-5">
          <TextField
            label={t('common.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            name="username"
            maxLength={100}
            value={values.username}
            onChange={change('username')}
            error={fieldError(errors.username)}
          />
          <TextField
            label={t('common.password')}
            type="password"
            autoComplete="current-password"
            required
            name="password"
            maxLength={200}
            value={values.password}
            onChange={change('password')}
            error={fieldError(errors.password)}
          />
          <AuthSubmit busy={isSubmitting}>{t('auth.signIn')}</AuthSubmit>
        </fieldset>
      </form>
      <AuthFailure text={failure} />
      <p className="mt-6 text-center">
        <Link to="/forgot-password" className={authLinkClass}>
          {t('auth.forgotPassword')}
        </Link>
      </p>
    </AuthCard>
  );
}
