import type { ParseKeys } from 'i18next';
import type { Resources } from '../i18n/en';
import { canOpenPath } from '../auth/route-access';
import { routes } from '../routes';
import {
  CalendarIcon,
  ChatBubblesIcon,
  ClipboardListIcon,
  HomeIcon,
  ListBulletIcon,
  MapPinIcon,
  UserGroupIcon,
  UsersIcon,
  type IconComponent,
} from './icons';

/** A sidebar entry: where it goes and its label key. Who sees it comes from its route's roles. */
export interface NavItem {
  to: string;
  labelKey: keyof Resources['nav'];
  /** A one-line description for the home page's cards. */
  descriptionKey?: ParseKeys;
  icon: IconComponent;
  /** Active only on an exact match (Home). */
  end?: boolean;
}

/** Every section of the sidebar (spec §2). A new screen adds its entry here once it exists. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'home', icon: HomeIcon, end: true },
  {
    to: '/upcoming-events',
    labelKey: 'upcomingEvents',
    descriptionKey: 'occurrences.upcomingDescription',
    icon: CalendarIcon,
  },
  { to: '/users', labelKey: 'users', descriptionKey: 'users.description', icon: UsersIcon },
  { to: '/groups', labelKey: 'groups', descriptionKey: 'groups.description', icon: UserGroupIcon },
  {
    to: '/message-groups',
    labelKey: 'messageGroups',
    descriptionKey: 'messageGroups.description',
    icon: ChatBubblesIcon,
  },
  { to: '/locations', labelKey: 'locations', descriptionKey: 'locations.description', icon: MapPinIcon },
  { to: '/forms', labelKey: 'forms', descriptionKey: 'forms.description', icon: ClipboardListIcon },
  { to: '/lookups', labelKey: 'lookups', descriptionKey: 'lookups.description', icon: ListBulletIcon },
  { to: '/message-logs', labelKey: 'messageLogs', descriptionKey: 'messaging.logDescription', icon: ChatBubblesIcon },
  { to: '/events', labelKey: 'events', descriptionKey: 'events.description', icon: CalendarIcon },
  {
    to: '/event-occurrences',
    labelKey: 'eventOccurrences',
    descriptionKey: 'occurrences.allDescription',
    icon: ListBulletIcon,
  },
  {
    to: '/monthly-event-occurrences',
    labelKey: 'monthlyReport',
    descriptionKey: 'occurrences.monthlyDescription',
    icon: ClipboardListIcon,
  },
];

/** The entries whose route this role may open (the route's `handle.roles`, see routes.tsx). */
export function navItemsFor(role: string): NavItem[] {
  return NAV_ITEMS.filter((item) => canOpenPath(role, routes, item.to));
}
