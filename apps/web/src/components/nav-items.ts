import { useMatches } from 'react-router';
import { navItemsFor, sectionsIn, type NavIconName, type NavItem } from '../lib/nav';
import {
  BanknotesIcon,
  CalendarIcon,
  ChartBarIcon,
  ChatBubblesIcon,
  ClockIcon,
  ClipboardListIcon,
  HomeIcon,
  ListBulletIcon,
  MapPinIcon,
  UserGroupIcon,
  UsersIcon,
  type IconComponent,
} from './icons';

const navIcons: Record<NavIconName, IconComponent> = {
  home: HomeIcon,
  calendar: CalendarIcon,
  users: UsersIcon,
  'user-group': UserGroupIcon,
  'chat-bubbles': ChatBubblesIcon,
  'map-pin': MapPinIcon,
  'clipboard-list': ClipboardListIcon,
  'list-bullet': ListBulletIcon,
  'chart-bar': ChartBarIcon,
  clock: ClockIcon,
  banknotes: BanknotesIcon,
};

/** A sidebar entry as shown: its icon drawn. */
export interface ShownNavItem extends Omit<NavItem, 'icon'> {
  icon: IconComponent;
}

/**
 * The sections this role may open, as the matched routes hand them down (the signed-in layout's
 * route collects its children's `handle.nav`; see routes.tsx), in the route table's order.
 */
export function useNavItems(role: string): ShownNavItem[] {
  const matches = useMatches();
  const items = matches.flatMap((match) => sectionsIn(match.handle));
  return navItemsFor(items, role).map((item) => ({ ...item, icon: navIcons[item.icon] }));
}
