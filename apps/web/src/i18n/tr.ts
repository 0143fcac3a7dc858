import type { DeepPartial } from './deep-partial';
import type { Resources } from './en';
import { shell } from './tr/shell';
import { common } from './tr/common';
import { locations } from './tr/locations';
import { profile } from './tr/profile';
import { users } from './tr/users';
import { groups } from './tr/groups';
import { messageGroups } from './tr/message-groups';
import { forms } from './tr/forms';
import { lookups } from './tr/lookups';
import { events } from './tr/events';
import { occurrences } from './tr/occurrences';
import { home } from './tr/home';
import { fillForm } from './tr/fill-form';
import { messaging } from './tr/messaging';
import { calendar } from './tr/calendar';
import { conflicts } from './tr/conflicts';
import { attendance } from './tr/attendance';
import { cancellation } from './tr/cancellation';
import { closures } from './tr/closures';
import { makeup } from './tr/makeup';
import { rsvp } from './tr/rsvp';
import { twoFactor } from './tr/two-factor';
import { audit } from './tr/audit';
import { cover } from './tr/cover';
import { billing } from './tr/billing';
import { messages } from './tr/messages';

/**
 * Turkish texts (one file per section in tr/, as en/), and the server's messages by code. A test
 * checks that every English key has its Turkish text and no other.
 */
export const tr: DeepPartial<Resources> & { messages: typeof messages } = {
  ...shell,
  common,
  home,
  locations,
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
  attendance,
  cancellation,
  closures,
  makeup,
  rsvp,
  twoFactor,
  audit,
  cover,
  billing,
  profile,
  messages,
};
