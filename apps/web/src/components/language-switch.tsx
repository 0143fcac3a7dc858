import { useTranslation } from 'react-i18next';
import { LANGUAGES, switchLanguage } from '../i18n';

/**
 * The languages as a row of buttons, for the pages before sign-in (Sign In, a forgotten password,
 * its reset link): the chosen one is pressed, and a choice is kept on this device.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('common.language')} className="mt-6 flex justify-center gap-1 text-sm">
      {LANGUAGES.map((language) => {
        const current = i18n.resolvedLanguage === language;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={current}
            onClick={() => void switchLanguage(language).catch(() => undefined)}
            className="rounded-md px-2.5 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-pressed:bg-slate-200 aria-pressed:text-slate-900"
          >
            {t(`languages.${language}`)}
          </button>
        );
      })}
    </div>
  );
}
