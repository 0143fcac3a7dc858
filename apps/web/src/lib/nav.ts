import type { ParseKeys } from 'i18next';
import type { RouteObject } from 'react-router';
import { canOpenMatches, type RouteHandle } from '../auth/route-access';
import type { Resources } from '../i18n/en';

/** The icon of a sidebar entry, by name: the route table names it and stays free of components. */
export type NavIconName =
  | 'home'
  | 'calendar'
  | 'users'
  | 'user-group'
  | 'chat-bubbles'
  | 'map-pin'
  | 'clipboard-list'
  | 'list-bullet'
  | 'chart-bar'
  | 'clock'
  | 'banknotes';

/** What a section's route declares in `handle.nav` to be in the sidebar (and on Home's cards). */
export interface NavHandle {
  labelKey: keyof Resources['nav'];
  /** A one-line description for the home page's cards. */
  descriptionKey?: ParseKeys;
  icon: NavIconName;
  /** Active only on an exact match (Home). */
  end?: boolean;
}

/** A route's `handle`: who may open it (see auth/route-access) and its sidebar entry, if any. */
export interface SectionHandle extends RouteHandle {
  nav?: NavHandle;
}

/** A sidebar entry: where it goes, what it shows, and the handles of the routes on the way there. */
export interface NavItem extends NavHandle {
  to: string;
  handles: readonly unknown[];
}

/** What the signed-in layout's route carries in its `handle`: the entries of the routes below it. */
export interface LayoutHandle extends RouteHandle {
  sections: readonly NavItem[];
}

function navOf(handle: unknown): NavHandle | undefined {
  if (typeof handle !== 'object' || handle === null || !('nav' in handle)) return undefined;
  return (handle as SectionHandle).nav;
}

const joinPath = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

/**
 * The sidebar entries of a route tree, in its order: one per route whose `handle` has `nav`, with
 * its full path (an index route's is its parent's) and the handles on the way, whose roles decide
 * who sees it.
 */
export function navItemsOf(routes: readonly RouteObject[], parentPath = '/', parentHandles: unknown[] = []): NavItem[] {
  return routes.flatMap((route) => {
    const to = route.index || route.path === undefined ? parentPath : joinPath(parentPath, route.path);
    const handles = [...parentHandles, route.handle];
    const nav = navOf(route.handle);
    return [...(nav ? [{ ...nav, to, handles }] : []), ...navItemsOf(route.children ?? [], to, handles)];
  });
}

/** The entries a matched route's handle hands down (the signed-in layout's), else none. */
export function sectionsIn(handle: unknown): readonly NavItem[] {
  if (typeof handle !== 'object' || handle === null || !('sections' in handle)) return [];
  return (handle as LayoutHandle).sections;
}

/** The entries whose routes this role may open (every `handle.roles` on the way lets it in). */
export function navItemsFor(items: readonly NavItem[], role: string): NavItem[] {
  return items.filter((item) =>
    canOpenMatches(
      role,
      item.handles.map((handle) => ({ handle })),
    ),
  );
}
