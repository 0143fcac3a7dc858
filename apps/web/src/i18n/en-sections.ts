import {
  eventMessages,
  formMessages,
  groupMessages,
  lookupMessages,
  messageGroupMessages,
  messagingMessages,
  occurrenceMessages,
  submissionMessages,
  userMessages,
} from '@ritim/shared';
import { home } from './en/home';
import { users } from './en/users';
import { groups } from './en/groups';
import { messageGroups } from './en/message-groups';
import { forms } from './en/forms';
import { lookups } from './en/lookups';
import { events } from './en/events';
import { occurrences } from './en/occurrences';
import { fillForm } from './en/fill-form';
import { messaging } from './en/messaging';
import { calendar } from './en/calendar';
import { conflicts } from './en/conflicts';

/**
 * A section's fixed server and validation texts (its `…Messages` in @ritim/shared) as message keys
 * `<section>_<name>`, so translateMessage can show them in the current language; texts built from
 * values (functions) stay as the server wrote them.
 */
function sectionTexts(section: string, texts: Record<string, unknown>): Record<`${string}_${string}`, string> {
  return Object.fromEntries(
    Object.entries(texts)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, text]) => [`${section}_${key}`, text]),
  );
}

/** Message keys of the sections' texts: `<section>_<name>`. */
const sectionMessages: Record<`${string}_${string}`, string> = {
  ...sectionTexts('users', userMessages),
  ...sectionTexts('groups', groupMessages),
  ...sectionTexts('messageGroups', messageGroupMessages),
  ...sectionTexts('forms', formMessages),
  ...sectionTexts('lookups', lookupMessages),
  ...sectionTexts('events', eventMessages),
  ...sectionTexts('occurrences', occurrenceMessages),
  ...sectionTexts('submissions', submissionMessages),
  ...sectionTexts('messaging', messagingMessages),
};

/**
 * The sections' English texts, loaded as their own chunk with the signed-in layout (see
 * loadSectionTexts), so Sign In's first download carries only the shell's.
 */
export const enSections = {
  home,
  users,
  groups,
  messageGroups,
  forms,
  lookups,
  events,
  occurrences,
  fillForm,
  messaging,
  calendar,
  conflicts,
  messages: sectionMessages,
};

export type EnSections = typeof enSections;
