import { codeOfReceivedText, type Language, LANGUAGES } from '@ritim/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

export { LANGUAGES, type Language };
const STORAGE_KEY = 'ritim.language';

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** The language chosen on this device, if any. */
export function chosenLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Before sign-in: the device's choice, else the first of the browser's languages the app has ('tr-TR' is Turkish). */
const storedLanguage = (): Language =>
  chosenLanguage() ?? navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage) ?? 'en';

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

let sectionTexts: Promise<void> | undefined;

/**
 * Adds the sections' English texts (their own chunk, fetched once): the signed-in layout waits for
 * them, so Sign In's first download does without. Their server texts become translatable.
 */
export function loadSectionTexts(): Promise<void> {
  sectionTexts ??= import('./en-sections').then(
    ({ enSections }) => {
      i18n.addResourceBundle('en', 'translation', enSections, true, false);
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
  // Another language falls back to English for what it lacks: that needs the sections' English texts.
  if (language !== 'en') await loadSectionTexts();
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const texts = language === 'tr' ? (await import('./tr')).tr : en;
    i18n.addResourceBundle(language, 'translation', texts);
  }
  await i18n.changeLanguage(language);
}

/** Resolves once the stored language's texts are in (render after it, so nothing flashes in English). */
export const i18nReady: Promise<void> = loadLanguage(storedLanguage()).catch(() => undefined);

/** Switches to a language and remembers it on this device (the language before the next sign-in). */
export function switchLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  return loadLanguage(language);
}

export function changeLanguage(language: Language) {
  void switchLanguage(language);
}

/** A server or validation text: the English text, with its code and values when it is coded. */
export type Translatable = string | { message: string; code?: unknown; values?: unknown };

const isTranslatable = (value: unknown): value is Exclude<Translatable, string> =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** A message's value as the sentence shows it: nested messages (parts of a sentence) translated too. */
function valueText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return isTranslatable(value) ? translateMessage(value) : value;
}

/** A record's name in a message ('User' in 'User not found'), in the current language when known. */
function itemText(value: unknown): unknown {
  const key = `items.${String(value)}` as 'app.name';
  return typeof value === 'string' && i18n.exists(key) ? i18n.t(key) : valueText(value);
}

/**
 * Shows a server or validation message in the current language: by its code (`<section>.<name>`),
 * with its values put in; a text without a code, or without a translation, as it is. The server
 * sends every text with its code; a bare string is a form's validation text (zod keeps only the
 * text) or a stored failure reason, whose code its section's catalog gives back.
 */
export function translateMessage(text: Translatable): string {
  const message = typeof text === 'string' ? text : text.message;
  const code =
    typeof text === 'string' ? codeOfReceivedText(text) : typeof text.code === 'string' ? text.code : undefined;
  if (!code || i18n.resolvedLanguage === 'en') return message;
  const values = typeof text === 'string' || typeof text.values !== 'object' || text.values === null ? {} : text.values;
  const shown = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, name === 'item' ? itemText(value) : valueText(value)]),
  );
  return i18n.t(`messages.${code}` as 'app.name', { ...shown, defaultValue: message });
}

export { i18n };
