import { expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import type { AccountRole } from './env.js';
import { adminApiClient, signInAs, type UniqueNames } from './fixtures.js';

/** The records the screens below show: one of each kind, made through the API by `seedScreens`. */
export interface ScreenIds {
  admin: number;
  editor: number;
  guest: number;
  location: number;
  group: number;
  messageGroup: number;
  form: number;
  lookup: number;
  event: number;
  occurrence: number;
  /** A time off of the seeded editor, on a day far ahead without sessions (its plan needs no cover). */
  timeOff: number;
  /** The occurrence's day (YYYY-MM-DD in the admin's zone), so the day lists show it. */
  day: string;
  /** A billing account paying for a seeded guest, and its draft invoice of a past month. */
  billingAccount: number;
  invoice: number;
}

/** A screen of the app: who opens it (null: signed out) and at which path. */
export interface Screen {
  name: string;
  role: AccountRole | null;
  path: (ids: ScreenIds) => string;
  /** A list screen with row menus (the tables-fit spec opens the first). */
  list?: boolean;
}

/**
 * Every screen of docs/product.md §2 (adding a route to the accessibility and table checks is one line here).
 * Lists open on the seeded records' day or search, so each shows rows and their menus.
 */
export const SCREENS: Screen[] = [
  { name: 'Sign In', role: null, path: () => '/login' },
  { name: 'Not found', role: 'admin', path: () => '/no-such-screen' },
  { name: 'Home (admin)', role: 'admin', path: () => '/' },
  { name: 'Home (editor)', role: 'editor', path: () => '/' },
  { name: 'Home (guest)', role: 'guest', path: () => '/' },
  { name: 'My Profile (admin)', role: 'admin', path: (ids) => `/users/${ids.admin}/my-profile` },
  { name: 'My Profile (editor)', role: 'editor', path: (ids) => `/users/${ids.editor}/my-profile` },
  { name: 'My Profile (guest)', role: 'guest', path: (ids) => `/users/${ids.guest}/my-profile` },
  { name: 'Access denied (guest)', role: 'guest', path: () => '/users' },
  { name: 'Upcoming Events', role: 'admin', path: (ids) => `/upcoming-events?date=${ids.day}`, list: true },
  { name: 'Upcoming Events (editor)', role: 'editor', path: (ids) => `/upcoming-events?date=${ids.day}`, list: true },
  { name: 'Event Occurrences', role: 'admin', path: (ids) => `/event-occurrences?date=${ids.day}`, list: true },
  { name: 'Edit Event Occurrence', role: 'admin', path: (ids) => `/event-occurrences/${ids.occurrence}/edit` },
  { name: 'Monthly Report', role: 'admin', path: (ids) => `/monthly-event-occurrences?date=${ids.day}`, list: true },
  { name: 'Events', role: 'admin', path: () => '/events', list: true },
  { name: 'Create Event', role: 'admin', path: () => '/events/create' },
  { name: 'Edit Event', role: 'admin', path: (ids) => `/events/${ids.event}/edit` },
  { name: 'Users', role: 'admin', path: () => '/users', list: true },
  { name: 'Create User', role: 'admin', path: () => '/users/create' },
  { name: 'Edit User', role: 'admin', path: (ids) => `/users/${ids.editor}/edit` },
  { name: 'Edit User (guest)', role: 'admin', path: (ids) => `/users/${ids.guest}/edit` },
  { name: 'Groups', role: 'admin', path: () => '/groups', list: true },
  { name: 'Create Group', role: 'admin', path: () => '/groups/create' },
  { name: 'Edit Group', role: 'admin', path: (ids) => `/groups/${ids.group}/edit` },
  { name: 'Message Groups', role: 'admin', path: () => '/message-groups', list: true },
  { name: 'Create Message Group', role: 'admin', path: () => '/message-groups/create' },
  { name: 'Edit Message Group', role: 'admin', path: (ids) => `/message-groups/${ids.messageGroup}/edit` },
  { name: 'Locations', role: 'admin', path: () => '/locations', list: true },
  { name: 'Create Location', role: 'admin', path: () => '/locations/create' },
  { name: 'Edit Location', role: 'admin', path: (ids) => `/locations/${ids.location}/edit` },
  { name: 'Forms', role: 'admin', path: () => '/forms', list: true },
  { name: 'Create Form', role: 'admin', path: () => '/forms/create' },
  { name: 'Edit Form', role: 'admin', path: (ids) => `/forms/${ids.form}/edit` },
  { name: 'Fill Form', role: 'admin', path: (ids) => `/forms/${ids.form}/form-submission/${ids.occurrence}` },
  { name: 'Lookups', role: 'admin', path: () => '/lookups', list: true },
  { name: 'Create Lookup', role: 'admin', path: () => '/lookups/create' },
  { name: 'Edit Lookup', role: 'admin', path: (ids) => `/lookups/${ids.lookup}/edit` },
  { name: 'Message Log', role: 'admin', path: (ids) => `/message-logs?date=${ids.day}` },
  { name: 'Attendance', role: 'admin', path: () => '/attendance' },
  { name: 'Attendance (editor)', role: 'editor', path: () => '/attendance' },
  { name: 'Closures', role: 'admin', path: () => '/closures' },
  { name: 'New closure', role: 'admin', path: () => '/closures/create' },
  { name: 'Time Off', role: 'admin', path: () => '/time-off', list: true },
  { name: 'Time Off (editor)', role: 'editor', path: () => '/time-off', list: true },
  { name: 'New time off', role: 'admin', path: () => '/time-off/create' },
  { name: 'New time off (editor)', role: 'editor', path: () => '/time-off/create' },
  { name: 'Cover plan', role: 'admin', path: (ids) => `/time-off/${ids.timeOff}/cover-plan` },
  { name: 'Activity', role: 'admin', path: () => '/activity' },
  { name: 'Billing accounts', role: 'admin', path: () => '/billing/accounts', list: true },
  { name: 'New account', role: 'admin', path: () => '/billing/accounts/create' },
  { name: 'Billing account', role: 'admin', path: (ids) => `/billing/accounts/${ids.billingAccount}` },
  { name: 'Invoices', role: 'admin', path: () => '/billing/invoices', list: true },
  { name: 'Run a month', role: 'admin', path: () => '/billing/invoices/run' },
  { name: 'Invoice', role: 'admin', path: (ids) => `/billing/invoices/${ids.invoice}` },
];

/** The past month the screens' invoice bills (a session must have started to be marked). */
const BILLED_MONTH = '2025-02';

/** The day `days` from today in the admin's zone (Europe/Istanbul, the users' default), YYYY-MM-DD. */
const today = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(Date.now() + days * 86_400_000));

/**
 * One record of each kind through the API as the admin: a location, a group, a message group, a
 * form, a lookup, today's session of an event organised by the seeded editor for the seeded
 * guest (so every role's Home and day lists have a row), and a time off of the editor's 300 days
 * ahead, on a day without sessions (nothing needs cover, and no one else's candidates change).
 */
export async function seedScreens(playwright: PlaywrightWorkerArgs['playwright'], unique: UniqueNames) {
  const api = await adminApiClient(playwright);
  try {
    const idOf = async (username: string) =>
      (await api.get<{ users: { id: number; username: string }[] }>(`/api/users?q=${username}`)).users.find(
        (user) => user.username === username,
      )!.id;
    const [admin, editor, guest] = [await idOf('admin'), await idOf('editor'), await idOf('guest')];
    const { id: group } = await api.post('/api/groups', { name: unique('Choir') });
    const { id: messageGroup } = await api.post('/api/message-groups', { name: unique('Parents') });
    const { id: location } = await api.post('/api/locations', { name: unique('Studio') });
    const { id: form } = await api.post('/api/forms', {
      title: unique('Session notes'),
      groupIds: [group],
      schema: { fields: [{ type: 'textarea', name: 'Aciklama', label: 'Notes' }] },
    });
    const { id: lookup } = await api.post('/api/lookups', {
      key: 'country',
      value: unique('TR'),
      label: 'Turkey',
      lookupableType: 'groups',
      lookupableId: group,
    });
    // Long names and notes, as real ones are: the tables must still fit.
    const guests = [guest];
    for (const [name, surname] of [
      ['Zeynep Nur', 'Karaosmanoğlu'],
      ['Mehmet Ali', 'Büyükçekmeceli'],
    ] as const) {
      const created = await api.post('/api/users', {
        username: unique(`screens-${name.split(' ')[0]!.toLowerCase()}`),
        password: 'screens-password-1',
        role: 'guest',
        timezone: 'Europe/Istanbul',
        name,
        surname: unique(surname),
      });
      guests.push(created.id);
    }
    const day = today();
    const { id: event } = await api.post('/api/events', {
      title: unique('Piano lesson for beginners, second term'),
      locationId: location,
      organiserId: editor,
      guestIds: guests,
      repeat: { doesNotRepeat: true, start: `${day}T21:00` },
      endTime: '22:00',
    });
    const occurrence = (await api.firstOccurrence(event)).id;
    await api.post(
      `/api/forms/${form}/submit`,
      {
        eventOccurrenceId: occurrence,
        data: { Aciklama: 'Worked on scales and the first two pieces; practise the left hand slowly every day.' },
      },
      200,
    );
    const far = today(300);
    const { timeOff } = await api.post<{ timeOff: { id: number } }>('/api/time-off', {
      userId: editor,
      from: far,
      to: far,
      reason: unique('Course'),
    });
    // Billing: an account for one of the new guests, a priced session of a past month marked present, and its draft.
    const { id: billingAccount } = await api.post('/api/billing/accounts', {
      name: unique('Karaosmanoğlu family'),
      email: 'family@example.com',
      guestIds: [guests[1]],
    });
    const { id: pricedEvent } = await api.post('/api/events', {
      title: unique('Piano lesson, billed'),
      locationId: location,
      organiserId: editor,
      guestIds: [guests[1]],
      price: { amount: 125000, currency: 'TRY' },
      repeat: { doesNotRepeat: true, start: `${BILLED_MONTH}-10T10:00` },
      endTime: '11:00',
    });
    await api.put(`/api/event-occurrences/${(await api.firstOccurrence(pricedEvent)).id}/attendance`, {
      entries: [{ guestId: guests[1], status: 'present' }],
    });
    const run = await api.post<{ invoices: { id: number; account: { id: number } }[] }>(
      '/api/billing/invoices/run',
      { month: BILLED_MONTH, timezone: 'Europe/Istanbul' },
      200,
    );
    const invoice = run.invoices.find((made) => made.account.id === billingAccount)!.id;
    return {
      admin,
      editor,
      guest,
      location,
      group,
      messageGroup,
      form,
      lookup,
      event,
      occurrence,
      timeOff: timeOff.id,
      day,
      billingAccount,
      invoice,
    };
  } finally {
    await api.dispose();
  }
}

/** Opens `screen` as its role in `language` and waits until it has loaded (its heading, nothing spinning). */
export async function openScreen(page: Page, screen: Screen, ids: ScreenIds, language: 'en' | 'tr' = 'en') {
  await page.addInitScript(`localStorage.setItem('ritim.language', '${language}')`);
  if (screen.role) await signInAs(page, screen.role);
  await page.goto(screen.path(ids));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (screen.list) await expect(page.getByTestId('row-menu-button').first()).toBeVisible();
}
