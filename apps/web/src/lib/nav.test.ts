import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes } from '../routes';
import { navItemsFor as itemsFor, sectionsIn } from './nav';

/** What the shell is handed: the sections on the signed-in layout's route. */
const NAV_ITEMS = routes.flatMap((route) => sectionsIn(route.handle));
const navItemsFor = (role: string) => itemsFor(NAV_ITEMS, role);

describe('navItemsFor', () => {
  it('gives admins every section', () => {
    expect(navItemsFor('admin').map((item) => item.to)).toEqual([
      '/',
      '/calendar',
      '/upcoming-events',
      '/users',
      '/groups',
      '/message-groups',
      '/locations',
      '/forms',
      '/lookups',
      '/message-logs',
      '/events',
      '/event-occurrences',
      '/monthly-event-occurrences',
      '/attendance',
      '/closures',
      '/time-off',
      '/billing',
      '/activity',
    ]);
  });

  it('gives editors what every signed-in user has, Attendance and Time Off, guests only the former', () => {
    expect(navItemsFor('editor').map((item) => item.to)).toEqual([
      '/',
      '/calendar',
      '/upcoming-events',
      '/attendance',
      '/time-off',
    ]);
    expect(navItemsFor('guest').map((item) => item.to)).toEqual(['/', '/calendar', '/upcoming-events']);
  });

  it('links only to screens that exist', () => {
    for (const item of NAV_ITEMS) {
      const matches = matchRoutes(routes, item.to) ?? [];
      // The deepest match must be a real screen (it loads a component), not a bare parent route.
      expect({ to: item.to, screen: typeof matches.at(-1)?.route.lazy }).toEqual({ to: item.to, screen: 'function' });
    }
  });
});
