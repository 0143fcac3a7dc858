import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { SEARCH_DEBOUNCE_MS } from '@ritim/shared';
import { accounts } from './env.js';
import { adminApiClient, expect, field, openRowMenu, row, rowId, signInAs, test, uniqueNames } from './fixtures.js';

/**
 * The generic list (search, sort, filter, pagination, row menu, delete and its refetch) and form
 * (create, edit, Back, errors, a record that does not exist, archive and restore) checked once per
 * section built on them. A new section gets every check by adding its line to SECTIONS; each
 * section's own spec keeps only what is particular to it.
 */
const unique = uniqueNames();

type Api = Awaited<ReturnType<typeof adminApiClient>>;

interface Section {
  /** The list's heading and its sidebar link. */
  title: string;
  path: string;
  /** The record's name in the form's texts: 'Create <record>', 'Update <record>', '<Record> created successfully'. */
  record: string;
  /**
   * Makes a record through the API whose row shows `text` (its name; for a lookup its label, for a
   * user their name) and whose search finds it by that text. It answers the record's id and, when
   * the toasts name it otherwise (a user by their username), that name.
   */
  create: (api: Api, text: string) => Promise<{ id: number; name?: string }>;
  /** Some of the list's column headers ('Create User': the creator's username is shown). */
  columns: string[];
  /** The sort select's options; the second is chosen and kept in the URL as sort_by=`sortValue`. */
  sorts: string[];
  sortValue: string;
  /** The edit form's alert for an id that does not exist. */
  notFound: string;
  /** The answer when the record was deleted meanwhile (its delete then fails). */
  gone: string;
  /** Archive and Restore in the row menu, archived ones behind 'Show archived'. */
  archivable?: boolean;
  /**
   * The create and edit form, for sections whose form makes a record from one text field: that
   * field's label, the other required fields, and the message when the field is blank.
   */
  form?: { field: string; rest?: Record<string, string>; blank: string };
}

const ids = new Map<string, number>();
/** The seeded editor (events need an organiser) and one location for them, looked up once per worker. */
async function eventPlaces(api: Api) {
  if (!ids.has('location')) {
    const editors = await api.get<{ users: { id: number; username: string }[] }>('/api/users?q=editor&limit=100');
    ids.set('editor', editors.users.find((user) => user.username === accounts.editor.username)!.id);
    ids.set('location', (await api.post('/api/locations', { name: unique('Generic event hall') })).id);
  }
  return { organiserId: ids.get('editor')!, locationId: ids.get('location')! };
}

let slugs = 0;
/** A key or username of its own for every record made. */
const slug = () => unique(`g${(slugs += 1)}`);
const recordSorts = ['Sort by name', 'Sort by date', 'Sort by status'];

const SECTIONS: Section[] = [
  {
    title: 'Locations',
    path: '/locations',
    record: 'Location',
    create: (api, name) => api.post('/api/locations', { name }),
    columns: ['Id', 'Name', 'Create User'],
    sorts: recordSorts,
    sortValue: 'date',
    notFound: 'Failed to fetch locations: Location not found',
    gone: 'Location not found',
    archivable: true,
    form: { field: 'Name', blank: 'Location name must be a non-empty string' },
  },
  {
    title: 'Groups',
    path: '/groups',
    record: 'Group',
    create: (api, name) => api.post('/api/groups', { name }),
    columns: ['Id', 'Name', 'Create User'],
    sorts: recordSorts,
    sortValue: 'date',
    notFound: 'Failed to fetch group: Group not found',
    gone: 'Group not found',
    archivable: true,
    form: { field: 'Name', blank: 'Group name must be a non-empty string' },
  },
  {
    title: 'Message Groups',
    path: '/message-groups',
    record: 'Message Group',
    create: (api, name) => api.post('/api/message-groups', { name }),
    columns: ['Id', 'Name', 'Users'],
    sorts: ['Sort by name', 'Sort by id'],
    sortValue: 'id',
    notFound: 'Failed to fetch message group: Message group not found',
    gone: 'Message group not found',
    form: { field: 'Name', blank: 'Message group name must be a non-empty string' },
  },
  {
    title: 'Lookups',
    path: '/lookups',
    record: 'Lookup',
    create: (api, label) => api.post('/api/lookups', { key: slug(), value: 'v', label }),
    columns: ['Id', 'Key', 'Value', 'Label', 'Parent Id', 'Lookupable Type', 'Lookupable Name'],
    sorts: ['Sort by id', 'Sort by key', 'Sort by value'],
    sortValue: 'key',
    notFound: 'Failed to fetch lookups: Lookup not found',
    gone: 'Lookup not found',
    form: { field: 'Label', rest: { Key: 'generic', Value: 'v' }, blank: 'Label is required' },
  },
  {
    title: 'Forms',
    path: '/forms',
    record: 'Form',
    create: (api, title) => api.post('/api/forms', { title }),
    columns: ['Id', 'Title', 'Description', 'Version', 'Create User', 'Created At'],
    sorts: recordSorts,
    sortValue: 'date',
    notFound: 'Failed to fetch form: Form not found',
    gone: 'Form not found',
    archivable: true,
    form: { field: 'Title', blank: 'Form title must be a non-empty string' },
  },
  {
    title: 'Users',
    path: '/users',
    record: 'User',
    create: async (api, name) => {
      const username = slug();
      const { id } = await api.post('/api/users', {
        username,
        password: 'generic-password-1',
        role: 'guest',
        timezone: 'Europe/Istanbul',
        name,
      });
      return { id, name: username };
    },
    columns: ['Id', 'Name', 'Surname', 'Username', 'Role', 'Groups', 'Status'],
    sorts: ['Sort by id', 'Sort by username'],
    sortValue: 'username',
    notFound: 'Failed to fetch user: User not found',
    gone: 'User not found',
  },
  {
    title: 'Events',
    path: '/events',
    record: 'Event',
    create: async (api, title) =>
      api.post('/api/events', {
        title,
        ...(await eventPlaces(api)),
        guestIds: [],
        repeat: { doesNotRepeat: true, start: '2031-03-05T10:00' },
        endTime: '11:00',
      }),
    columns: ['Title', 'Next Occurrence', 'Days', 'Location', 'Organiser', 'Guests', 'Create User'],
    sorts: recordSorts,
    sortValue: 'date',
    notFound: 'Failed to fetch event: Event not found',
    gone: 'Event not found',
  },
];

const sentenceCase = (text: string) => text[0]! + text.slice(1).toLowerCase();

/**
 * What the running test made, deleted after it: the sections' own specs share the worker's
 * database and look at their lists' first pages, which 55 more rows would push their records off.
 */
const made: { path: string; id: number }[] = [];
test.afterEach(async ({ playwright }) => {
  if (made.length === 0) return;
  const api = await adminApiClient(playwright);
  try {
    // 404: the test deleted it itself.
    for (const { path, id } of made.splice(0)) expect([204, 404]).toContain(await api.delete(`/api${path}/${id}`));
  } finally {
    await api.dispose();
  }
});

/** Makes records through the admin's API for one test; `texts` become their rows' names. */
async function createRecords(section: Section, playwright: Parameters<typeof adminApiClient>[0], texts: string[]) {
  const api = await adminApiClient(playwright);
  try {
    const created: { id: number; name: string }[] = [];
    for (const text of texts) {
      const { id, name } = await section.create(api, text);
      made.push({ path: section.path, id });
      created.push({ id, name: name ?? text });
    }
    return created;
  } finally {
    await api.dispose();
  }
}

/** Opens the list searched for `text`, so the test's own rows are on its first page. */
async function openList(page: Page, section: Section, text: string) {
  await page.goto(`${section.path}?q=${encodeURIComponent(text)}`);
  await expect(page.getByRole('heading', { level: 1, name: section.title })).toBeVisible();
}

/** A page of its own signed in as `role`, in a fresh browser context. */
async function pageAs(browser: Browser, role: 'editor' | 'guest') {
  const page = await browser.newPage();
  await signInAs(page, role);
  return page;
}

/** Fills the section's one-field form (the rest of its required fields as given). */
async function fillForm(page: Page, form: NonNullable<Section['form']>, value: string) {
  for (const [label, text] of Object.entries(form.rest ?? {})) await field(page, label).fill(text);
  await field(page, form.field).fill(value);
}

const errorToast = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]');

// Every test makes its own records, so the tests are shared out among the workers.
test.describe.configure({ mode: 'parallel' });

for (const section of SECTIONS) {
  test.describe(`${section.title} (generic list and form)`, () => {
    test('is in the admin sidebar and the narrow slide-over menu (its form and row menu work there), and is the admin’s alone', async ({
      adminPage: page,
      browser,
    }) => {
      await page.goto('/');
      await page.getByTestId('sidebar-nav').getByRole('link', { name: section.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: section.title })).toBeVisible();

      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto('/');
      await page.getByTestId('mobile-menu-button').click();
      // The menu is a modal: the page behind is inert (Home's own cards are not reachable).
      await page.getByRole('dialog').getByRole('link', { name: section.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await page.getByRole('link', { name: `Create ${section.title.toLowerCase()}` }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}/create$`));
      await expect(page.getByRole('heading', { level: 1, name: `Create ${section.record}` })).toBeVisible();
      if (section.form) {
        // The form works there too, and so does the row menu of what it made.
        const name = `Narrow ${unique('narrow')}`;
        await fillForm(page, section.form, name);
        await page.getByRole('button', { name: `Create ${section.record}` }).click();
        await expect(page.getByText(`${sentenceCase(section.record)} created successfully`)).toBeVisible();
        await openList(page, section, name);
        made.push({ path: section.path, id: await rowId(row(page, name)) });
        await openRowMenu(row(page, name));
        await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
      }

      for (const role of ['editor', 'guest'] as const) {
        const other = await pageAs(browser, role);
        await other.goto(section.path);
        await expect(other.getByRole('heading', { name: 'Access denied' })).toBeVisible();
        await expect(other.getByRole('link', { name: section.title, exact: true })).toHaveCount(0);
        await other.context().close();
      }
    });

    test('searches after three characters, Turkish letters included, and keeps the search in the URL', async ({
      adminPage: page,
      playwright,
    }) => {
      const own = unique('search');
      const turkish = `İSTANBUL Şişli ${own}`;
      const other = `London Bridge ${own}`;
      await createRecords(section, playwright, [turkish, other]);
      const searches: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === `/api${section.path}`) searches.push(url.searchParams.get('q') ?? '');
      });
      await page.clock.install();
      await page.goto(section.path);
      const search = page.getByTestId('list-search');
      await search.fill('is');
      await expect(page.getByText('Type at least 3 characters to search')).toBeVisible();
      // Past the debounce: a term this short is not applied.
      await page.clock.runFor(SEARCH_DEBOUNCE_MS + 100);
      await search.fill('istanbul');
      await page.clock.runFor(SEARCH_DEBOUNCE_MS + 100);
      await expect(page).toHaveURL(/q=istanbul/);
      await expect(row(page, turkish)).toHaveCount(1);
      await expect(row(page, other)).toHaveCount(0);
      expect(searches).not.toContain('is');
      await search.fill('');
      await page.clock.runFor(SEARCH_DEBOUNCE_MS + 100);
      await expect(page).not.toHaveURL(/q=/);
      await search.fill(own);
      await search.press('Enter');
      await expect(row(page, other)).toHaveCount(1);
      await expect(row(page, turkish)).toHaveCount(1);
      for (const header of section.columns) {
        await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      }
    });

    test('sorts through the sort select, kept in the URL as sort_by', async ({ adminPage: page }) => {
      await page.goto(section.path);
      const sort = page.getByTestId('list-sort');
      await expect(sort.locator('option')).toHaveText(section.sorts);
      await sort.selectOption({ label: section.sorts[1]! });
      await expect(page).toHaveURL(new RegExp(`sort_by=${section.sortValue}`));
      await expect(sort).toHaveValue(section.sortValue);
      await page.reload();
      await expect(sort).toHaveValue(section.sortValue);
    });

    test('pages through more than 50 records', async ({ adminPage: page, playwright }) => {
      const prefix = `Paged ${unique('paged')}`;
      const texts = Array.from({ length: 55 }, (_, i) => `${prefix} ${String(i + 1).padStart(2, '0')}`);
      await createRecords(section, playwright, texts);
      await openList(page, section, prefix);
      // 50 rows and the header.
      await expect(page.getByTestId('list-table').getByRole('row')).toHaveCount(51);
      await expect(page.getByTestId('pagination-previous')).toBeDisabled();
      await page.getByTestId('pagination-next').click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByTestId('list-table').getByRole('row')).toHaveCount(6);
      await expect(page.getByTestId('pagination-next')).toBeDisabled();
      await page.getByTestId('pagination-previous').click();
      await expect(page.getByTestId('list-table').getByRole('row')).toHaveCount(51);
    });

    test('deletes only after the browser confirmation, refetches the list, and shows a failed delete’s reason', async ({
      adminPage: page,
      playwright,
    }) => {
      const own = unique('delete');
      const kept = `Temporary ${own}`;
      const vanishing = `Vanishing ${own}`;
      const [keptRecord, vanishingRecord] = await createRecords(section, playwright, [kept, vanishing]);
      await openList(page, section, own);

      const dialogs: string[] = [];
      page.once('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await openRowMenu(row(page, kept));
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      expect(dialogs).toEqual(['Are you sure you want to delete this item?']);
      await expect(row(page, kept)).toHaveCount(1);

      page.once('dialog', (dialog) => void dialog.accept());
      await openRowMenu(row(page, kept));
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect(page.getByText(`${keptRecord!.name} deleted successfully`)).toBeVisible();
      await expect(row(page, kept)).toHaveCount(0);

      // Another admin removes the other one meanwhile, so this delete fails with the server's reason.
      const api = await adminApiClient(playwright);
      const removed = await api.delete(`/api${section.path}/${vanishingRecord!.id}`);
      await api.dispose();
      expect(removed).toBe(204);
      page.once('dialog', (dialog) => void dialog.accept());
      await openRowMenu(row(page, vanishing));
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect(errorToast(page)).toContainText(section.gone);
    });

    test('says so in its edit form for a record that does not exist, with a way back', async ({ adminPage: page }) => {
      await page.goto(`${section.path}/999999/edit`);
      await expect(page.getByRole('alert')).toHaveText(section.notFound);
      await page.getByRole('link', { name: 'Back' }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    });

    if (section.archivable) {
      test('archives a record, hides it, shows it with Show archived and restores it', async ({
        adminPage: page,
        playwright,
      }) => {
        const name = `Winter ${unique('archive')}`;
        await createRecords(section, playwright, [name]);
        await openList(page, section, name);
        await openRowMenu(row(page, name));
        await page.getByRole('menuitem', { name: 'Archive' }).click();
        await expect(page.getByText(`${name} archived successfully`)).toBeVisible();
        await expect(row(page, name)).toHaveCount(0);
        await page.getByTestId('list-filter-archived').check();
        await expect(page).toHaveURL(/archived=true/);
        await expect(row(page, name)).toContainText('Archived');
        await openRowMenu(row(page, name));
        await page.getByRole('menuitem', { name: 'Restore' }).click();
        await expect(page.getByText(`${name} restored successfully`)).toBeVisible();
        await page.getByTestId('list-filter-archived').uncheck();
        await expect(row(page, name)).toHaveCount(1);
        await expect(row(page, name)).not.toContainText('Archived');
      });
    }

    const form = section.form;
    if (form) {
      test('creates through the form with a trimmed text, refuses a blank one sending nothing, and Back saves nothing', async ({
        adminPage: page,
      }) => {
        let posts = 0;
        page.on('request', (request) => {
          if (request.method() === 'POST' && new URL(request.url()).pathname === `/api${section.path}`) posts += 1;
        });
        await page.goto(`${section.path}/create`);
        await fillForm(page, form, '    ');
        await page.getByRole('button', { name: `Create ${section.record}` }).click();
        await expect(page.getByText(form.blank)).toBeVisible();
        await expect(field(page, form.field)).toHaveAttribute('aria-invalid', 'true');
        await expect(page).toHaveURL(new RegExp(`${section.path}/create$`));
        expect(posts).toBe(0);
        const scan = await new AxeBuilder({ page }).analyze();
        expect(scan.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);

        const own = unique('create');
        const never = `Never saved ${own}`;
        await fillForm(page, form, never);
        await page.getByRole('link', { name: 'Back' }).click();
        await expect(page).toHaveURL(new RegExp(`${section.path}$`));
        expect(posts).toBe(0);

        const name = `Kadıköy ${own}`;
        await page.getByRole('link', { name: `Create ${section.title.toLowerCase()}` }).click();
        await expect(page.getByRole('heading', { level: 1, name: `Create ${section.record}` })).toBeVisible();
        await fillForm(page, form, `   ${name}   `);
        await page.getByRole('button', { name: `Create ${section.record}` }).click();
        await expect(page.getByText(`${sentenceCase(section.record)} created successfully`)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${section.path}$`));
        await openList(page, section, own);
        await expect(page.getByTestId('list-table').getByRole('cell', { name, exact: true })).toHaveCount(1);
        made.push({ path: section.path, id: await rowId(row(page, name)) });
        if (section.columns.includes('Create User')) {
          await expect(row(page, name).getByRole('cell', { name: 'admin', exact: true })).toHaveCount(1);
        }
        await expect(row(page, never)).toHaveCount(0);
      });

      test('edits a record from the row menu, its values loaded, and lists the change', async ({
        adminPage: page,
        playwright,
      }) => {
        const own = unique('edit');
        const before = `Moda ${own}`;
        const after = `Moda renamed ${own}`;
        const { id } = (await createRecords(section, playwright, [before]))[0]!;
        await openList(page, section, before);
        await openRowMenu(row(page, before));
        await page.getByRole('menuitem', { name: 'Edit' }).click();
        await expect(page).toHaveURL(new RegExp(`${section.path}/${id}/edit$`));
        await expect(page.getByRole('heading', { level: 1, name: `Edit ${section.record}` })).toBeVisible();
        await expect(field(page, form.field)).toHaveValue(before);
        await field(page, form.field).fill(after);
        await page.getByRole('button', { name: `Update ${section.record}` }).click();
        await expect(page.getByText(`${sentenceCase(section.record)} updated successfully`)).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${section.path}$`));
        await openList(page, section, own);
        await expect(row(page, after)).toHaveCount(1);
        await expect(page.getByTestId('list-table').getByRole('cell', { name: before, exact: true })).toHaveCount(0);
      });
    }
  });
}
