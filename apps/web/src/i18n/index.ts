import { messages } from '@ritim/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

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

// English is in the first bundle; other languages load when chosen (Turkish is its own chunk).
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
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

/** English text -> key: the shared messages, and the schema texts en.messages lists besides them. */
const messageKeys = new Map<string, string>();
function learnMessageKeys(entries: [string, string][]) {
  // The first key of a text wins: the shared ones come before the sections' repeats of them.
  for (const [key, text] of entries) if (!messageKeys.has(text)) messageKeys.set(text, key);
}
learnMessageKeys([...Object.entries(en.messages), ...Object.entries(messages)]);

let sectionTexts: Promise<void> | undefined;

/**
 * Adds the sections' English texts (their own chunk, fetched once): the signed-in layout waits for
 * them, so Sign In's first download does without. Their server texts become translatable.
 */
export function loadSectionTexts(): Promise<void> {
  sectionTexts ??= import('./en-sections').then(
    ({ enSections }) => {
      i18n.addResourceBundle('en', 'translation', enSections, true, false);
      learnMessageKeys(Object.entries(enSections.messages));
    },
    (error: unknown) => {
      // A failed fetch (offline) is tried again on the next call.
      sectionTexts = undefined;
      throw error;
    },
  );
  return sectionTexts;
}

/** Makes a language's texts available (fetching its chunk once) and switches to it. */
export async function loadLanguage(language: Language): Promise<void> {
  // Another language falls back to English for what it lacks and translates the sections' server
  // texts by their English wording: both need the sections' English texts.
  if (language !== 'en') await loadSectionTexts();
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const texts = language === 'tr' ? (await import('./tr')).tr : en;
    i18n.addResourceBundle(language, 'translation', texts);
  }
  await i18n.changeLanguage(language);
}

/** Resolves once the stored language's texts are in (render after it, so nothing flashes in English). */
export const i18nReady: Promise<void> = loadLanguage(storedLanguage()).catch(() => undefined);

export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  void loadLanguage(language);
}

/** Shows a server or validation message in the current language when it is one of the shared texts. */
export function translateMessage(text: string): string {
  const key = messageKeys.get(text);
  return key ? i18n.t(`messages.${key}` as 'messages.invalidCredentials', { defaultValue: text }) : text;
}

export { i18n };
