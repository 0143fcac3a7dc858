import type { RouteObject } from 'react-router';
import type { RouteHandle } from './auth/route-access';
import { RouteError } from './components/route-error';
import { loadSectionTexts } from './i18n';

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
    // The signed-in screens need the sections' texts: they load alongside the layout.
    lazy: async () => {
      const [{ RootLayout }] = await Promise.all([import('./components/root-layout'), loadSectionTexts()]);
      return { Component: RootLayout };
    },
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
        // The admin's users section; its children never match my-profile above, which stays open to all.
        path: 'users',
        errorElement,
        handle: adminOnly,
        children: [
          {
            index: true,
            errorElement,
            lazy: async () => ({ Component: (await import('./features/users/users-list')).UsersList }),
          },
          {
            path: 'create',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/users/user-form')).UserFormScreen }),
          },
          {
            path: ':userId/edit',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/users/user-form')).UserFormScreen }),
          },
        ],
      },
      {
        path: 'groups',
        errorElement,
        handle: adminOnly,
        children: [
          {
            index: true,
            errorElement,
            lazy: async () => ({ Component: (await import('./features/groups/groups-list')).GroupsList }),
          },
          {
            path: 'create',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/groups/group-form')).GroupFormScreen }),
          },
          {
            path: ':groupId/edit',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/groups/group-form')).GroupFormScreen }),
          },
        ],
      },
      {
        path: 'message-groups',
        errorElement,
        handle: adminOnly,
        children: [
          {
            index: true,
            errorElement,
            lazy: async () => ({
              Component: (await import('./features/message-groups/message-groups-list')).MessageGroupsList,
            }),
          },
          {
            path: 'create',
            errorElement,
            lazy: async () => ({
              Component: (await import('./features/message-groups/message-group-form')).MessageGroupFormScreen,
            }),
          },
          {
            path: ':messageGroupId/edit',
            errorElement,
            lazy: async () => ({
              Component: (await import('./features/message-groups/message-group-form')).MessageGroupFormScreen,
            }),
          },
        ],
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
      {
        path: 'lookups',
        errorElement,
        handle: adminOnly,
        children: [
          {
            index: true,
            errorElement,
            lazy: async () => ({ Component: (await import('./features/lookups/lookups-list')).LookupsList }),
          },
          {
            path: 'create',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/lookups/lookup-form')).LookupFormScreen }),
          },
          {
            path: ':lookupId/edit',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/lookups/lookup-form')).LookupFormScreen }),
          },
        ],
      },
      {
        path: 'forms',
        errorElement,
        handle: adminOnly,
        children: [
          {
            index: true,
            errorElement,
            lazy: async () => ({ Component: (await import('./features/forms/forms-list')).FormsList }),
          },
          {
            path: 'create',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/forms/form-editor')).FormEditorScreen }),
          },
          {
            path: ':formId/edit',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/forms/form-editor')).FormEditorScreen }),
          },
        ],
      },
      {
        // Organisers fill forms for their guests (spec §2), so outside the admin-only forms section.
        path: 'forms/:formId/form-submission/:eventOccurrenceId',
        errorElement,
        handle: { roles: ['admin', 'editor'] } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./features/fill-form/fill-form')).FillFormScreen }),
      },
      {
        path: 'events',
        errorElement,
        handle: adminOnly,
        children: [
          {
            index: true,
            errorElement,
            lazy: async () => ({ Component: (await import('./features/events/events-list')).EventsList }),
          },
          {
            path: 'create',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/events/event-form')).EventFormScreen }),
          },
          {
            path: ':eventId/edit',
            errorElement,
            lazy: async () => ({ Component: (await import('./features/events/event-form')).EventFormScreen }),
          },
        ],
      },
      {
        // Every signed-in role: the server keeps editors and guests to their own occurrences.
        path: 'upcoming-events',
        errorElement,
        lazy: async () => ({
          Component: (await import('./features/occurrences/occurrences-list')).UpcomingEventsList,
        }),
      },
      {
        path: 'event-occurrences',
        errorElement,
        handle: adminOnly,
        children: [
          {
            index: true,
            errorElement,
            lazy: async () => ({
              Component: (await import('./features/occurrences/occurrences-list')).EventOccurrencesList,
            }),
          },
          {
            path: ':occurrenceId/edit',
            errorElement,
            lazy: async () => ({
              Component: (await import('./features/occurrences/occurrence-form')).EditOccurrenceScreen,
            }),
          },
        ],
      },
      {
        path: 'message-logs',
        errorElement,
        handle: adminOnly,
        lazy: async () => ({
          Component: (await import('./features/message-logs/message-logs-list')).MessageLogsList,
        }),
      },
      {
        path: 'monthly-event-occurrences',
        errorElement,
        handle: adminOnly,
        lazy: async () => ({
          Component: (await import('./features/occurrences/occurrences-list')).MonthlyReportList,
        }),
      },
    ],
  },
];
