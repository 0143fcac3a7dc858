import { messages, twoFactorMessages, type TwoFactorSetup, type User } from '@ritim/shared';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../components/toast';
import { ApiError, errorMessage } from '../../api/errors';
import { useSession } from '../../auth/session-store';
import { confirmAction } from '../../components/confirm';
import { Panel } from '../../components/panel';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { TextField } from '../../components/text-field';
import { buttonClass } from '../../components/ui';
import { translateMessage } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import { useDisableTwoFactor, useEnableTwoFactor, useSetUpTwoFactor } from './api';

/**
 * The server's reason for a refused field (a wrong code or password, 400; too many wrong ones,
 * 429: when to try again) under the field; anything else as a toast.
 */
function fieldOrToast(error: unknown, setFieldError: (message: string) => void, failure: string) {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429))
    setFieldError(translateMessage(error));
  else toast.error(errorMessage(error, failure));
}

/** Moves focus to `ref` when the step it heads appears, so keyboard and screen reader users follow along. */
function useFocusOnShow(ref: RefObject<HTMLElement | null>, enabled = true) {
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [ref, enabled]);
}

function StateBadge({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={on ? 'active' : 'inactive'} shape="tag" className="self-center">
      {on ? t('twoFactor.stateOn') : t('twoFactor.stateOff')}
    </StatusBadge>
  );
}

/**
 * The otpauth:// link as a QR code, drawn by the `qrcode` library as SVG. The library loads only
 * here, when a user sets up two-factor sign-in, never with the first screens.
 */
export function QrCode({ text }: { text: string }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState<{ text: string; svg: string | null } | null>(null);
  useEffect(() => {
    let active = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => active && setDrawn({ text, svg }),
        () => active && setDrawn({ text, svg: null }),
      );
    return () => {
      active = false;
    };
  }, [text]);

  const box = 'size-48 shrink-0 rounded-md bg-white ring-1 ring-slate-200';
  if (drawn?.text !== text) {
    return (
      <p role="status" className={`${box} flex items-center justify-center gap-2 text-sm text-slate-500`}>
        <Spinner />
        {t('twoFactor.qrLoading')}
      </p>
    );
  }
  if (drawn.svg === null) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('twoFactor.qrFailed')}
      </p>
    );
  }
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`}
      alt={t('twoFactor.qrAlt')}
      className={box}
      data-testid="two-factor-qr"
    />
  );
}

/** The base32 key in groups of four, as apps accept it typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Setting up: the QR code and the key, then a code from the app turns it on. */
function SetupStep({
  userId,
  setup,
  onEnabled,
  onCancel,
}: {
  userId: number;
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor(userId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setError(translateMessage(twoFactorMessages.codeFormat));
    setError(undefined);
    enable.mutate(digits, {
      onSuccess: ({ recoveryCodes }) => {
        toast.success(t('twoFactor.turnedOn'));
        onEnabled(recoveryCodes);
      },
      onError: (failure) => {
        setCode('');
        fieldOrToast(failure, setError, t('errors.unknown'));
      },
    });
  };

  return (
    <div className="space-y-5 px-4 py-5 sm:px-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <QrCode text={setup.otpauthUrl} />
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-slate-900">{t('twoFactor.key')}</p>
          <code
            className="block rounded-md bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200"
            data-testid="two-factor-secret"
          >
            {grouped(setup.secret)}
          </code>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit}>
        <fieldset disabled={enable.isPending} className="space-y-4">
          <TextField
            label={t('twoFactor.codeFromApp')}
            hint={t('twoFactor.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            required
            name="code"
            maxLength={7}
            className="max-w-xs"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass.primary} aria-busy={enable.isPending || undefined}>
              {enable.isPending && <Spinner />}
              {t('twoFactor.turnOn')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}

/** The recovery codes, shown this once, to copy or write down. */
function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnShow(heading);
  const copy = async () => {
    if (await copyText(codes.join('\n'))) toast.success(t('twoFactor.codesCopied'));
    else toast.error(t('twoFactor.codesCopyFailed'));
  };
  return (
    <div className="space-y-4 px-4 py-5 sm:px-6">
      <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
        {t('twoFactor.recoveryTitle')}
      </h3>
      <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('twoFactor.recoveryIntro')}</p>
      <ul
        aria-label={t('twoFactor.recoveryList')}
        className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 select-all sm:grid-cols-5"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-slate-50 px-2 py-1 text-center ring-1 ring-slate-200">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
          {t('twoFactor.copyCodes')}
        </button>
        <button type="button" className={buttonClass.primary} onClick={onDone}>
          {t('twoFactor.saved')}
        </button>
      </div>
    </div>
  );
}

/** Two-factor sign-in is on: turning it off takes your password. */
function TurnOffWithPassword({ userId, focus }: { userId: number; focus: boolean }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor(userId);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const text = useRef<HTMLParagraphElement>(null);
  useFocusOnShow(text, focus);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') return setError(translateMessage(messages.passwordRequired));
    setError(undefined);
    disable.mutate(password, {
      onSuccess: () => toast.success(t('twoFactor.turnedOff')),
      onError: (failure) => fieldOrToast(failure, setError, t('errors.unknown')),
    });
  };

  return (
    <div className="space-y-4 px-4 py-5 sm:px-6">
      <p ref={text} tabIndex={-1} className="text-sm text-slate-700 focus:outline-none">
        {t('twoFactor.onText')}
      </p>
      <form noValidate onSubmit={onSubmit}>
        <fieldset disabled={disable.isPending} className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <TextField
            label={t('common.password')}
            hint={t('twoFactor.turnOffHint')}
            type="password"
            autoComplete="current-password"
            required
            name="two-factor-password"
            maxLength={200}
            className="sm:w-72"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
          />
          <button type="submit" className={`${buttonClass.danger} sm:mt-7`} aria-busy={disable.isPending || undefined}>
            {disable.isPending && <Spinner />}
            {t('twoFactor.turnOff')}
          </button>
        </fieldset>
      </form>
    </div>
  );
}

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/**
 * My Profile's two-factor sign-in (docs/domain.md#two-factor): whether it is on; setting it up
 * (QR code, key, a code from the app), the recovery codes once, and turning it off with your password.
 */
export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const setUp = useSetUpTwoFactor(user.id);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  // After a step of one's own the next thing to read takes the focus; not when the page opens.
  const [moved, setMoved] = useState(false);
  const offText = useRef<HTMLParagraphElement>(null);
  useFocusOnShow(offText, moved && stage.kind === 'idle' && !user.twoFactorEnabled);

  const start = () =>
    setUp.mutate(undefined, {
      onSuccess: (setup) => setStage({ kind: 'setup', setup }),
      onError: (error) => toast.error(t('twoFactor.setUpFailed', { error: errorMessage(error) })),
    });
  const back = () => {
    setMoved(true);
    setStage({ kind: 'idle' });
  };

  let body;
  if (stage.kind === 'setup') {
    body = (
      <SetupStep
        userId={user.id}
        setup={stage.setup}
        onEnabled={(codes) => setStage({ kind: 'codes', codes })}
        onCancel={back}
      />
    );
  } else if (stage.kind === 'codes') {
    body = <RecoveryCodesStep codes={stage.codes} onDone={back} />;
  } else if (user.twoFactorEnabled) {
    body = <TurnOffWithPassword userId={user.id} focus={moved} />;
  } else {
    body = (
      <div className="space-y-4 px-4 py-5 sm:px-6">
        <p ref={offText} tabIndex={-1} className="text-sm text-slate-700 focus:outline-none">
          {t('twoFactor.offText')}
        </p>
        <button
          type="button"
          className={buttonClass.primary}
          disabled={setUp.isPending}
          aria-busy={setUp.isPending || undefined}
          onClick={start}
        >
          {setUp.isPending && <Spinner />}
          {t('twoFactor.setUp')}
        </button>
      </div>
    );
  }

  return (
    <Panel
      id="two-factor"
      title={t('auth.twoFactor.title')}
      subtitle={t('twoFactor.description')}
      action={<StateBadge on={user.twoFactorEnabled && stage.kind !== 'setup'} />}
    >
      {body}
    </Panel>
  );
}

/**
 * A user's two-factor sign-in on their page (admins): whether it is on and, for someone else,
 * turning it off after a confirmation (setting it up is the user's own, on My Profile).
 */
export function UserTwoFactorPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const disable = useDisableTwoFactor(user.id);
  const self = String(user.id) === me?.id;

  const turnOff = () => {
    if (!confirmAction(t('twoFactor.confirmTurnOff', { username: user.username }))) return;
    disable.mutate(undefined, {
      onSuccess: () => toast.success(t('twoFactor.turnedOffFor', { username: user.username })),
      onError: (error) => toast.error(errorMessage(error, t('errors.unknown'))),
    });
  };

  return (
    <Panel id="two-factor" title={t('auth.twoFactor.title')} action={<StateBadge on={user.twoFactorEnabled} />}>
      <div className="space-y-4 px-4 py-5 sm:px-6">
        <p role="status" className="text-sm text-slate-700">
          {user.twoFactorEnabled
            ? t('twoFactor.userOn', { username: user.username })
            : t('twoFactor.userOff', { username: user.username })}
        </p>
        {self ? (
          <p className="text-sm text-slate-700">
            {t('twoFactor.ownOnProfile')}{' '}
            <Link to={`/users/${user.id}/my-profile`} className="font-medium text-indigo-700 underline">
              {t('profile.openMine')}
            </Link>
          </p>
        ) : (
          user.twoFactorEnabled && (
            <>
              <p className="text-sm text-slate-500">{t('twoFactor.userTurnOffHint')}</p>
              <button
                type="button"
                className={buttonClass.danger}
                disabled={disable.isPending}
                aria-busy={disable.isPending || undefined}
                onClick={turnOff}
              >
                {disable.isPending && <Spinner />}
                {t('twoFactor.turnOff')}
              </button>
            </>
          )
        )}
      </div>
    </Panel>
  );
}
