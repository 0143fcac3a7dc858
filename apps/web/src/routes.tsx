import type { RouteObject } from 'react-router';
import type { RouteHandle } from './auth/route-access';
import { navItemsOf, type LayoutHandle, type SectionHandle } from './lib/nav';
import { RouteError } from './components/route-error';
import { loadSectionTexts } from './i18n';

const errorElement = <RouteError />;
/** Shown while the first screen's chunk loads: the page's background, nothing that would flash. */
const hydrateFallbackElement = <div className="min-h-dvh bg-slate-50" />;

/** Admin-only sections (docs/product.md §2: their sidebar links are the admin's). */
const adminOnly: RouteHandle = { roles: ['admin'] };

/**
 * The signed-in screens of docs/product.md §2 that exist so far; each is its own chunk, loaded on first visit.
 * A section limited to some roles says so once, in its route's `handle` (see auth/route-access):
 * the sidebar hides it and the shell shows 'Access denied' to anyone else who opens it. A section
 * in the sidebar declares its entry there too (`nav`), in the sidebar's order.
 */
const signedInRoutes: RouteObject[] = [
  {
    index: true,
    errorElement,
    handle: { nav: { labelKey: 'home', icon: 'home', end: true } } satisfies SectionHandle,
    lazy: async () => ({ Component: (await import('./features/home/home-page')).HomePage }),
  },
  {
    // Every signed-in role: the server keeps editors and guests to their own sessions.
    path: 'calendar',
    errorElement,
    handle: {
      nav: { labelKey: 'calendar', descriptionKey: 'calendar.description', icon: 'calendar' },
    } satisfies SectionHandle,
    // FullCalendar comes with this chunk only, never with the first download.
    lazy: async () => ({ Component: (await import('./features/calendar/calendar-page')).CalendarPage }),
  },
  {
    // Every signed-in role: the server keeps editors and guests to their own occurrences.
    path: 'upcoming-events',
    errorElement,
    handle: {
      nav: { labelKey: 'upcomingEvents', descriptionKey: 'occurrences.upcomingDescription', icon: 'calendar' },
    } satisfies SectionHandle,
    lazy: async () => ({
      Component: (await import('./features/occurrences/upcoming-events-list')).UpcomingEventsList,
    }),
  },
  {
    // Every signed-in user's own profile (docs/product.md §6), so outside any admin-only users section.
    path: 'users/:userId/my-profile',
    errorElement,
    lazy: async () => ({ Component: (await import('./features/users/my-profile')).MyProfileScreen }),
  },
  {
    // The admin's users section; its children never match my-profile above, which stays open to all.
    path: 'users',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'users', descriptionKey: 'users.description', icon: 'users' },
    } satisfies SectionHandle,
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
    handle: {
      ...adminOnly,
      nav: { labelKey: 'groups', descriptionKey: 'groups.description', icon: 'user-group' },
    } satisfies SectionHandle,
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
    handle: {
      ...adminOnly,
      nav: { labelKey: 'messageGroups', descriptionKey: 'messageGroups.description', icon: 'chat-bubbles' },
    } satisfies SectionHandle,
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
    handle: {
      ...adminOnly,
      nav: { labelKey: 'locations', descriptionKey: 'locations.description', icon: 'map-pin' },
    } satisfies SectionHandle,
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
    path: 'forms',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'forms', descriptionKey: 'forms.description', icon: 'clipboard-list' },
    } satisfies SectionHandle,
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
    // Organisers fill forms for their guests (docs/product.md §2), so outside the admin-only forms section.
    path: 'forms/:formId/form-submission/:eventOccurrenceId',
    errorElement,
    handle: { roles: ['admin', 'editor'] } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./features/fill-form/fill-form')).FillFormScreen }),
  },
  {
    path: 'lookups',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'lookups', descriptionKey: 'lookups.description', icon: 'list-bullet' },
    } satisfies SectionHandle,
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
    path: 'message-logs',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'messageLogs', descriptionKey: 'messaging.logDescription', icon: 'chat-bubbles' },
    } satisfies SectionHandle,
    lazy: async () => ({
      Component: (await import('./features/message-logs/message-logs-list')).MessageLogsList,
    }),
  },
  {
    path: 'events',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'events', descriptionKey: 'events.description', icon: 'calendar' },
    } satisfies SectionHandle,
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
    path: 'event-occurrences',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'eventOccurrences', descriptionKey: 'occurrences.allDescription', icon: 'list-bullet' },
    } satisfies SectionHandle,
    children: [
      {
        index: true,
        errorElement,
        lazy: async () => ({
          Component: (await import('./features/occurrences/event-occurrences-list')).EventOccurrencesList,
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
    path: 'monthly-event-occurrences',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'monthlyReport', descriptionKey: 'occurrences.monthlyDescription', icon: 'clipboard-list' },
    } satisfies SectionHandle,
    lazy: async () => ({
      Component: (await import('./features/occurrences/monthly-report-list')).MonthlyReportList,
    }),
  },
  {
    // Admins see every session's attendance, editors their own (the server keeps them to it).
    path: 'attendance',
    errorElement,
    handle: {
      roles: ['admin', 'editor'],
      nav: { labelKey: 'attendance', descriptionKey: 'attendance.description', icon: 'chart-bar' },
    } satisfies SectionHandle,
    // Recharts loads later still, from this chunk, once the screen has drawn.
    lazy: async () => ({ Component: (await import('./features/attendance/attendance-page')).AttendancePage }),
  },
  {
    path: 'closures',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'closures', descriptionKey: 'closures.description', icon: 'calendar' },
    } satisfies SectionHandle,
    children: [
      {
        index: true,
        errorElement,
        lazy: async () => ({ Component: (await import('./features/closures/closures-list')).ClosuresList }),
      },
      {
        path: 'create',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/closures/closure-form')).ClosureFormScreen }),
      },
    ],
  },
  {
    // Admins record and read everyone's time off, editors their own (the server keeps them to it).
    path: 'time-off',
    errorElement,
    handle: {
      roles: ['admin', 'editor'],
      nav: { labelKey: 'timeOff', descriptionKey: 'cover.timeOffDescription', icon: 'calendar' },
    } satisfies SectionHandle,
    children: [
      {
        index: true,
        errorElement,
        lazy: async () => ({ Component: (await import('./features/cover/time-off-list')).TimeOffList }),
      },
      {
        path: 'create',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/cover/time-off-form')).TimeOffFormScreen }),
      },
      {
        // Giving a time off's sessions to substitutes is the admins'.
        path: ':timeOffId/cover-plan',
        errorElement,
        handle: adminOnly,
        lazy: async () => ({ Component: (await import('./features/cover/cover-plan')).CoverPlanScreen }),
      },
    ],
  },
  {
    // Who pays, invoices from attendance, payments and balances (docs/domain.md#billing): the admins'.
    path: 'billing',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'billing', descriptionKey: 'billing.description', icon: 'banknotes' },
    } satisfies SectionHandle,
    lazy: async () => ({ Component: (await import('./features/billing/billing-layout')).BillingLayout }),
    children: [
      {
        index: true,
        errorElement,
        lazy: async () => ({ Component: (await import('./features/billing/billing-layout')).BillingIndex }),
      },
      {
        path: 'accounts',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/billing/accounts-list')).AccountsList }),
      },
      {
        path: 'accounts/create',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/billing/account-form')).AccountFormScreen }),
      },
      {
        path: 'accounts/:accountId/edit',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/billing/account-form')).AccountFormScreen }),
      },
      {
        path: 'accounts/:accountId',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/billing/account-page')).AccountScreen }),
      },
      {
        path: 'invoices',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/billing/invoices-list')).InvoicesList }),
      },
      {
        path: 'invoices/run',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/billing/invoice-run')).InvoiceRunScreen }),
      },
      {
        path: 'invoices/:invoiceId',
        errorElement,
        lazy: async () => ({ Component: (await import('./features/billing/invoice-page')).InvoiceScreen }),
      },
    ],
  },
  {
    // Who changed what (docs/domain.md#audit-log): the log is the admins'.
    path: 'activity',
    errorElement,
    handle: {
      ...adminOnly,
      nav: { labelKey: 'activity', descriptionKey: 'audit.description', icon: 'clock' },
    } satisfies SectionHandle,
    lazy: async () => ({ Component: (await import('./features/activity/activity-list')).ActivityList }),
  },
  {
    path: 'logout',
    errorElement,
    lazy: async () => ({ Component: (await import('./features/auth/logout-page')).LogoutPage }),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/login',
    errorElement,
    hydrateFallbackElement,
    lazy: async () => ({ Component: (await import('./features/auth/login-page')).LoginPage }),
  },
  {
    // A forgotten password (docs/domain.md#password-reset): no account, outside the signed-in shell.
    path: '/forgot-password',
    errorElement,
    hydrateFallbackElement,
    lazy: async () => ({ Component: (await import('./features/auth/forgot-password-page')).ForgotPasswordPage }),
  },
  {
    // The link the reset message carries: its token is the credential.
    path: '/reset-password/:token',
    errorElement,
    hydrateFallbackElement,
    lazy: async () => ({ Component: (await import('./features/auth/reset-password-page')).ResetPasswordPage }),
  },
  {
    // A guest's answer from the link in their reminder: no account, outside the signed-in shell.
    path: '/rsvp/:token',
    errorElement,
    hydrateFallbackElement,
    lazy: async () => {
      const [{ RsvpPage }] = await Promise.all([import('./features/rsvp/rsvp-page'), loadSectionTexts()]);
      return { Component: RsvpPage };
    },
  },
  {
    path: '/',
    errorElement,
    hydrateFallbackElement,
    // The shell's sidebar and Home's cards read the sections from here (useMatches), as data.
    handle: { sections: navItemsOf(signedInRoutes) } satisfies LayoutHandle,
    // The signed-in screens need the sections' texts: they load alongside the layout.
    lazy: async () => {
      const [{ SignedInLayout }] = await Promise.all([import('./screens/signed-in-layout'), loadSectionTexts()]);
      return { Component: SignedInLayout };
    },
    children: signedInRoutes,
  },
];
