import { messages } from '@ritim/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { tr } from './tr';

export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'ritim.language';

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
  } catch {
    return 'en';
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, tr: { translation: tr } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  void i18n.changeLanguage(language);
}

/** English text -> key: the shared messages, and the schema texts en.messages lists besides them. */
const messageKeys = new Map<string, string>(
  [...Object.entries(en.messages), ...Object.entries(messages)].map(([key, text]) => [text, key]),
);

/** Shows a server or validation message in the current language when it is one of the shared texts. */
export function translateMessage(text: string): string {
  const key = messageKeys.get(text);
  return key ? i18n.t(`messages.${key}` as 'messages.invalidCredentials', { defaultValue: text }) : text;
}

export { i18n };
