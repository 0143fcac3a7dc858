import type { EnSections } from './en-sections';
import { common } from './en/common';
import { shell } from './en/shell';

/**
 * English texts of the first bundle: Sign In, the shell, the generic list and form (one file per
 * section in en/). The other sections' texts (en-sections.ts) load with
 * the signed-in layout. The server's messages are in English as they come (their Turkish texts
 * are in tr/messages.ts, by code).
 */
export const en = {
  ...shell,
  common,
};

/** Every English text: the first bundle's and the sections'. */
export type Resources = typeof en & EnSections;
