import type { ParseKeys } from 'i18next';
import type { Resources } from '../i18n/en';
import { hasRole, type Audience } from '../auth/roles';
import { HomeIcon, MapPinIcon, type IconComponent } from './icons';

/** A sidebar entry: where it goes, its label key, who sees it. */
export interface NavItem {
  to: string;
  labelKey: keyof Resources['nav'];
  /** A one-line description for the home page's cards. */
  descriptionKey?: ParseKeys;
  icon: IconComponent;
  roles: Audience;
  /** Active only on an exact match (Home). */
  end?: boolean;
}

/** Every section of the sidebar (spec §2). A new screen adds its entry here once it exists. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'home', icon: HomeIcon, roles: 'signed-in', end: true },
  {
    to: '/locations',
    labelKey: 'locations',
    descriptionKey: 'locations.description',
    icon: MapPinIcon,
    roles: ['admin'],
  },
];

export function navItemsFor(role: string): NavItem[] {
  return NAV_ITEMS.filter((item) => hasRole(role, item.roles));
}
