import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo-mark';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { buttonClass, cardClass } from '../../components/ui';
import { changeLanguage, LANGUAGES } from '../../i18n';

/** The frame of the pages before signing in (Sign In, a forgotten password): the logo, one card and the languages. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col justify-center bg-slate-50 px-4 py-12">
      <PageTitle title={title} />
      <div className="mx-auto w-full max-w-sm">
        <div className="flex items-center justify-center gap-3">
          <LogoMark tileClass="size-10 rounded-xl bg-indigo-600" iconClass="size-7" />
          <span className="text-xl font-semibold tracking-tight text-slate-900">{t('app.name')}</span>
        </div>
        <div className={`${cardClass} mt-8 px-6 py-8 sm:px-8`}>
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
          {children}
        </div>
        <LanguageSwitch />
      </div>
    </main>
  );
}

/** A link under an auth card's form. */
export const authLinkClass =
  'rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** Under the card: the other language, to switch to (the choice is kept on this device). */
function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other = LANGUAGES.find((language) => language !== i18n.resolvedLanguage) ?? 'en';
  return (
    <p className="mt-6 text-center">
      <button type="button" lang={other} onClick={() => changeLanguage(other)} className={authLinkClass}>
        {t(`languages.${other}`)}
      </button>
    </p>
  );
}

/** The way back to Sign In under a page before signing in (a forgotten password, its reset). */
export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <p className="mt-6 text-center">
      <Link to="/login" className={authLinkClass}>
        {t('auth.backToSignIn')}
      </Link>
    </p>
  );
}

/** The form's one full-width submit button, with a spinner while it is sent. */
export function AuthSubmit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`${buttonClass.primary} w-full`} aria-busy={busy || undefined}>
      {busy && <Spinner />}
      {children}
    </button>
  );
}

/** Why the last try was refused, read out as it appears. */
export function AuthFailure({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="login-error">
      {text}
    </p>
  );
}
