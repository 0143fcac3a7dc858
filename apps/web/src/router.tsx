import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from './components/route-error';

const errorElement = <RouteError />;
/** Shown while the first screen's chunk loads: the page's background, nothing that would flash. */
const hydrateFallbackElement = <div className="min-h-dvh bg-slate-50" />;

/** The routes of spec §2 that exist so far; each screen is its own chunk, loaded on first visit. */
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
        path: 'locations',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/locations/locations-list')).LocationsList }),
      },
      {
        path: 'locations/create',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/locations/location-form')).LocationFormScreen }),
      },
      {
        path: 'locations/:locationId/edit',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/locations/location-form')).LocationFormScreen }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
