import { isBuiltInFormTitle } from '@ritim/shared';
import type { TFunction } from 'i18next';

/**
 * A form's title as the reader sees it: form 1 under its seeded title ('Session notes') in the
 * reader's language, any other title as its author wrote it; the built-in name while none is loaded.
 */
export function shownFormTitle(form: { id: number; title: string } | undefined, t: TFunction): string {
  return !form || isBuiltInFormTitle(form) ? t('common.sessionNotes') : form.title;
}
