import type { RouteObject } from 'react-router';
import type { RouteHandle } from './auth/route-access';
import { RouteError } from './components/route-error';

const errorElement = <RouteError />;
/** Shown while the first screen's chunk loads: the page's background, nothing that would flash. */
const hydrateFallbackElement = <div className="min-h-dvh bg-slate-50" />;

/** Admin-only sections (spec §2: their sidebar links are the admin's). */
const adminOnly: RouteHandle = { roles: ['admin'] };

/**
 * The routes of spec §2 that exist so far; each screen is its own chunk, loaded on first visit.
 * A section limited to some roles says so once, in its route's `handle` (see auth/route-access):
 * the sidebar hides it and the shell shows 'Access denied' to anyone else who opens it.
 */
export const routes: RouteObject[] = [
  {
    path: '/login',
    errorElement,
    hydrateFallbackElement,
    lazy: async () => ({ Component: (await import('./features/auth/login-page')).LoginPage }),
  },
  {
    path: '/',
    errorElement,
    hydrateFallbackElement,
    lazy: async () => ({ Component: (await import('./components/root-layout')).RootLayout }),
    children: [
      {
        index: true,
        errorElement,
        lazy: async () => ({ Component: (await import('./features/home/home-page')).HomePage }),
      },
      {
        path: 'logout',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/auth/logout-page')).LogoutPage }),
      },
      {
        // Every signed-in user's own profile (spec §6), so outside any admin-only users section.
        path: 'users/:userId/my-profile',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/users/my-profile')).MyProfileScreen }),
      },
      {
        path: 'locations',
        errorElement,
        handle: adminOnly,
        children: [
          {
            index: true,
            errorElement,
            lazy: async () => ({ Component: (await import('./features/locations/locations-list')).LocationsList }),
          },
          {
            path: 'create',
            errorElement,
            lazy: async () => ({
              Component: (await import('./features/locations/location-form')).LocationFormScreen,
            }),
          },
          {
            path: ':locationId/edit',
            errorElement,
            lazy: async () => ({
              Component: (await import('./features/locations/location-form')).LocationFormScreen,
            }),
          },
        ],
      },
    ],
  },
];
