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
import { attendance } from './en/attendance';
import { cancellation } from './en/cancellation';
import { closures } from './en/closures';
import { makeup } from './en/makeup';
import { rsvp } from './en/rsvp';
import { locations } from './en/locations';
import { profile } from './en/profile';
import { twoFactor } from './en/two-factor';
import { audit } from './en/audit';
import { cover } from './en/cover';
import { billing } from './en/billing';

/**
 * The sections' English texts, loaded as their own chunk with the signed-in layout (see
 * loadSectionTexts), so Sign In's first download carries only the shell's.
 */
export const enSections = {
  home,
  locations,
  profile,
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
  twoFactor,
  rsvp,
  audit,
  cover,
  billing,
};

export type EnSections = typeof enSections;
