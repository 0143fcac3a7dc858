import { twoFactorMessages } from '@ritim/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast';
import { loginWithSecondFactor } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/errors';
import { TextField } from '../../components/text-field';
import { translateMessage } from '../../i18n';
import { AuthFailure, AuthSubmit, authLinkClass } from './auth-card';

/** The six digits of a code as apps show it ('123 456'); the server ignores the spaces too. */
const digitsOf = (value: string) => value.replace(/\s/g, '');

/**
 * Sign In's second step (docs/domain.md#two-factor): a code from the authenticator app, or one of
 * the recovery codes instead. A wrong code says so here (the server counts it as a failed sign-in);
 * an expired challenge goes back to the password with the reason.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  /** Starts the session with the access token. */
  onSignedIn: (token: unknown) => Promise<void>;
  /** Back to the password step, with why when it was not the user's choice. */
  onRestart: (reason?: string) => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const switchKind = () => {
    setRecovery((current) => !current);
    setValue('');
    setError(undefined);
    setFailure(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = digitsOf(value);
    if (!recovery && !/^\d{6}$/.test(code)) return setError(translateMessage(twoFactorMessages.codeFormat));
    if (recovery && value.trim() === '') return setError(t('auth.twoFactor.recoveryRequired'));
    setError(undefined);
    setFailure(null);
    setSubmitting(true);
    try {
      const token = await loginWithSecondFactor(
        recovery ? { challenge, recoveryCode: value.trim() } : { challenge, code },
      );
      await onSignedIn(token);
    } catch (caught) {
      if (caught instanceof ApiError && caught.message === twoFactorMessages.challengeInvalid) {
        onRestart(translateMessage(caught));
      } else if (caught instanceof ApiError && [400, 401, 429].includes(caught.status)) {
        setFailure(translateMessage(caught));
        setValue('');
      } else {
        toast.error(t('errors.anErrorOccurred', { error: errorMessage(caught) }));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        {recovery ? t('auth.twoFactor.recoveryIntro') : t('auth.twoFactor.codeIntro')}
      </p>
      <form className="mt-6" noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset disabled={isSubmitting} className="space-y-5">
          {recovery ? (
            <TextField
              key="recovery"
              label={t('auth.twoFactor.recoveryCode')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              autoFocus
              name="recoveryCode"
              maxLength={100}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
            />
          ) : (
            <TextField
              key="code"
              label={t('auth.twoFactor.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              autoFocus
              name="code"
              maxLength={7}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
            />
          )}
          <AuthSubmit busy={isSubmitting}>{t('auth.twoFactor.verify')}</AuthSubmit>
        </fieldset>
      </form>
      <AuthFailure text={failure} />
      <div className="mt-6 flex flex-col items-center gap-3">
        <button type="button" className={authLinkClass} onClick={switchKind}>
          {recovery ? t('auth.twoFactor.useCode') : t('auth.twoFactor.useRecoveryCode')}
        </button>
        <button type="button" className={authLinkClass} onClick={() => onRestart()}>
          {t('auth.backToSignIn')}
        </button>
      </div>
    </>
  );
}
