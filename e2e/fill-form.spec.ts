import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.js';
import { bearerHeaders, expect, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();
const PASSWORD = 'fill-form-password-1';

/** The organiser's zone (the users' default). */
const ZONE = 'Europe/Istanbul';
/** Today in the organiser's zone, yyyy-MM-dd and as the app shows it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const todayShown = today.split('-').reverse().join('/');

const people = {
  organiser: { username: unique('fill-elif'), name: 'Elif', surname: unique('Şahin') },
  ali: { username: unique('fill-ali'), name: 'Ali', surname: unique('Demir') },
  zeynep: { username: unique('fill-zeynep'), name: 'Zeynep', surname: unique('Kara') },
};
const nameOf = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
const eventTitle = unique('Reading circle');
const formTitle = unique('Visit report');

const option = (value: string, label: string) => ({ key: value, value, label });
/** Every kind of field (docs/form-schema.md), with a country > city pair of listboxes. */
const SCHEMA = {
  fields: [
    { type: 'input', name: 'first_name', label: 'First name', required: true },
    { type: 'input', name: 'age', label: 'Age', subtype: 'number' },
    { type: 'input', name: 'email', label: 'Email', subtype: 'email' },
    { type: 'input', name: 'visit_day', label: 'Visit day', subtype: 'date' },
    { type: 'input', name: 'visit_time', label: 'Visit time', subtype: 'time' },
    { type: 'input', name: 'website', label: 'Website', subtype: 'url' },
    { type: 'input', name: 'session_code', label: 'Session code', disabled: true },
    {
      type: 'radiogroup',
      name: 'attendance',
      label: 'Attendance',
      required: true,
      defaultValue: 'attended',
      options: [option('attended', 'Attended'), option('late', 'Late'), option('absent', 'Absent')],
    },
    {
      type: 'checkbox',
      name: 'topics',
      label: 'Topics',
      multiple: true,
      options: [option('reading', 'Reading'), option('writing', 'Writing')],
    },
    { type: 'checkbox', name: 'follow_up', label: 'Needs a follow-up call' },
    { type: 'listbox', name: 'country', label: 'Country', lookupKey: 'country', required: true },
    { type: 'listbox', name: 'city', label: 'City', lookupKey: 'city', parent: 'country' },
    { type: 'textarea', name: 'Aciklama', label: 'Notes', placeholder: 'How did it go?' },
  ],
};

const ids = { form: 0, occurrence: 0, ali: 0, zeynep: 0 };
let adminHeaders: Record<string, string>;

/**
 * Through the API as the admin: a location, a group, an editor in that group (set by PATCH), two
 * guests, the group's countries and cities (Istanbul and Ankara under Turkey, London under
 * England), a form with every kind of field for the group, and the editor's event today.
 */
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  adminHeaders = await bearerHeaders(api);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await api.post(path, { headers: adminHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };

  const locationId = await post('/api/locations', { name: unique('Library') });
  const groupId = await post('/api/groups', { name: unique('Readers') });
  const organiserId = await post('/api/users', {
    timezone: 'Europe/Istanbul',
    ...people.organiser,
    role: 'editor',
    password: PASSWORD,
  });
  const grouped = await api.patch(`/api/users/${organiserId}`, {
    headers: adminHeaders,
    data: { groupIds: [groupId] },
  });
  expect(grouped.status(), await grouped.text()).toBe(200);
  ids.ali = await post('/api/users', { timezone: 'Europe/Istanbul', ...people.ali, role: 'guest', password: PASSWORD });
  ids.zeynep = await post('/api/users', {
    timezone: 'Europe/Istanbul',
    ...people.zeynep,
    role: 'guest',
    password: PASSWORD,
  });

  const lookup = (key: string, value: string, label: string, parentId: number | null = null) =>
    post('/api/lookups', { key, value, label, parentId, lookupableType: 'groups', lookupableId: groupId });
  const turkey = await lookup('country', 'TR', 'Turkey');
  const england = await lookup('country', 'GB', 'England');
  await lookup('city', 'IST', 'Istanbul', turkey);
  await lookup('city', 'ANK', 'Ankara', turkey);
  await lookup('city', 'LON', 'London', england);

  ids.form = await post('/api/forms', { title: formTitle, schema: SCHEMA, groupIds: [groupId] });
  const eventId = await post('/api/events', {
    title: eventTitle,
    locationId,
    organiserId,
    guestIds: [ids.ali, ids.zeynep],
    repeat: { doesNotRepeat: true, start: `${today}T00:05` },
    endTime: '01:05',
  });
  const occurrences = await api.get(`/api/event-occurrences?eventId=${eventId}`, { headers: adminHeaders });
  ids.occurrence = ((await occurrences.json()) as { eventOccurrences: { id: number }[] }).eventOccurrences[0]!.id;
  await api.dispose();
});

async function signInAsOrganiser(page: Page) {
  const response = await page.request.post('/api/auth/login', {
    data: { username: people.organiser.username, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
}

const fillUrl = (formId: number, guest: { id: number; name: string }) =>
  `/forms/${formId}/form-submission/${ids.occurrence}?${new URLSearchParams({ guestId: String(guest.id), guestName: guest.name }).toString()}`;

/** The occurrence as the API returns it to the admin. */
async function occurrenceOf(page: Page) {
  const response = await page.request.get(`/api/event-occurrences/${ids.occurrence}`, { headers: adminHeaders });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    formSubmissions: {
      form: { id: number };
      user: { id: number } | null;
      notes: string | null;
      submissionData: Record<string, unknown>;
    }[];
  };
}

test.describe('Fill Form', () => {
  test('fills every kind of field, clears the city when the country changes, and opens again with the answers', async ({
    page,
  }) => {
    await signInAsOrganiser(page);
    await page.goto(fillUrl(ids.form, { id: ids.ali, name: nameOf(people.ali) }));

    await expect(page.getByRole('heading', { level: 1, name: `Fill Form - ${nameOf(people.ali)}` })).toBeVisible();
    const context = page.getByTestId('fill-context');
    await expect(context).toContainText(eventTitle);
    await expect(context).toContainText(`${todayShown} 00:05 – 01:05 (${ZONE})`);
    await expect(context).toContainText(formTitle);
    await expect(page.getByText('Fields marked * are required.')).toBeVisible();

    // A new submission starts with the radiogroup's default; the disabled field cannot be typed in.
    await expect(page.getByRole('radio', { name: 'Attended' })).toBeChecked();
    await expect(page.getByLabel('Session code', { exact: true })).toBeDisabled();
    const country = page.getByLabel('Country *', { exact: true });
    const city = page.getByLabel('City', { exact: true });
    await expect(city).toBeDisabled();
    await expect(page.getByText('Choose Country first.')).toBeVisible();

    await page.getByLabel('First name *', { exact: true }).fill('Ali');
    await page.getByLabel('Age', { exact: true }).fill('34');
    await page.getByLabel('Email', { exact: true }).fill('ali@example.com');
    await page.getByLabel('Visit day', { exact: true }).fill('2026-07-06');
    await page.getByLabel('Visit time', { exact: true }).fill('14:30');
    await page.getByLabel('Website', { exact: true }).fill('https://ali.example.com');
    await page.getByTestId('fill-form').getByRole('radio', { name: 'Late' }).check();
    await page.getByRole('checkbox', { name: 'Writing' }).check();
    await page.getByRole('checkbox', { name: 'Needs a follow-up call' }).check();

    // The city offers only the chosen country's cities, and a new country clears it.
    await country.selectOption({ label: 'Turkey' });
    await expect(city).toBeEnabled();
    await expect(city.locator('option')).toHaveText(['Choose...', 'Istanbul', 'Ankara']);
    await city.selectOption({ label: 'Istanbul' });
    await country.selectOption({ label: 'England' });
    await expect(city).toHaveValue('');
    await expect(city.locator('option')).toHaveText(['Choose...', 'London']);
    await country.selectOption({ label: 'Turkey' });
    await expect(city).toHaveValue('');
    await city.selectOption({ label: 'Ankara' });
    await page.getByLabel('Notes', { exact: true }).fill('Read two chapters aloud');

    const scan = await new AxeBuilder({ page }).include('main').analyze();
    expect(scan.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);

    // While the (real) request is held back, the button says so and cannot be pressed again.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/forms/*/submit', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saving = page.getByRole('button', { name: 'Saving...' });
    await expect(saving).toBeDisabled();
    release();
    await expect(page.getByText('Form submitted successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/upcoming-events\\?date=${today}$`));
    await page.unroute('**/api/forms/*/submit');

    const stored = (await occurrenceOf(page)).formSubmissions.find(
      (submission) => submission.form.id === ids.form && submission.user?.id === ids.ali,
    );
    expect(stored?.submissionData).toEqual({
      first_name: 'Ali',
      age: 34,
      email: 'ali@example.com',
      visit_day: '2026-07-06',
      visit_time: '14:30',
      website: 'https://ali.example.com',
      attendance: 'late',
      topics: ['writing'],
      follow_up: true,
      country: 'TR',
      city: 'ANK',
      Aciklama: 'Read two chapters aloud',
    });

    // Opened again, the form shows what was saved.
    await page.goto(fillUrl(ids.form, { id: ids.ali, name: nameOf(people.ali) }));
    await expect(page.getByLabel('First name *', { exact: true })).toHaveValue('Ali');
    await expect(page.getByLabel('Age', { exact: true })).toHaveValue('34');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ali@example.com');
    await expect(page.getByLabel('Visit day', { exact: true })).toHaveValue('2026-07-06');
    await expect(page.getByLabel('Visit time', { exact: true })).toHaveValue('14:30');
    await expect(page.getByLabel('Website', { exact: true })).toHaveValue('https://ali.example.com');
    await expect(page.getByTestId('fill-form').getByRole('radio', { name: 'Late' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Writing' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Reading' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Needs a follow-up call' })).toBeChecked();
    await expect(country).toHaveValue('TR');
    await expect(city).toHaveValue('ANK');
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Read two chapters aloud');

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/upcoming-events\\?date=${today}$`));
  });

  test('names a required field left empty before sending, and keeps the form when the server refuses', async ({
    page,
  }) => {
    await signInAsOrganiser(page);
    const url = fillUrl(ids.form, { id: ids.zeynep, name: nameOf(people.zeynep) });
    await page.goto(url);
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/submit')) sent += 1;
    });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Country is required')).toBeVisible();
    await expect(page.getByLabel('First name *', { exact: true })).toBeFocused();
    expect(sent).toBe(0);

    // The browser lets any text into an email box; the server's check is the one that counts.
    await page.getByLabel('First name *', { exact: true }).fill('Zeynep');
    await page.getByLabel('Country *', { exact: true }).selectOption({ label: 'England' });
    await page.getByLabel('Email', { exact: true }).fill('zeynep at example');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Email must be an email address')).toBeVisible();
    expect(sent).toBe(1);
    await expect(page).toHaveURL(url);
    await expect(page.getByLabel('First name *', { exact: true })).toHaveValue('Zeynep');
    await expect(page.getByLabel('Country *', { exact: true })).toHaveValue('GB');
    expect(
      (await occurrenceOf(page)).formSubmissions.some(
        (submission) => submission.form.id === ids.form && submission.user?.id === ids.zeynep,
      ),
    ).toBe(false);
  });

  test('fills the session notes, whose notes the occurrence then carries', async ({ page }) => {
    await signInAsOrganiser(page);
    await page.goto(fillUrl(1, { id: ids.zeynep, name: nameOf(people.zeynep) }));
    await expect(page.getByRole('heading', { level: 1, name: `Fill Form - ${nameOf(people.zeynep)}` })).toBeVisible();
    await expect(page.getByTestId('fill-context')).toContainText('Session notes');
    await page.getByLabel('First name *', { exact: true }).fill(people.zeynep.name);
    await page.getByLabel('Last name *', { exact: true }).fill(people.zeynep.surname);
    await page.getByTestId('fill-form').getByRole('radio', { name: 'Late' }).check();
    await page.getByLabel('Notes', { exact: true }).fill('Joined after the first chapter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Form submitted successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/upcoming-events\\?date=${today}$`));

    // Back on the day's list: the note is in the row and the guest's Fill item carries the '+'.
    const row = page.getByRole('row').filter({ hasText: `${nameOf(people.zeynep)}: Joined after the first chapter` });
    await expect(row).toHaveCount(1);
    await row.getByTestId('row-menu-button').click();
    await expect(
      page.getByRole('menuitem', { name: `Fill Session notes for ${nameOf(people.zeynep)} +`, exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    const notes = (await occurrenceOf(page)).formSubmissions.find(
      (submission) => submission.form.id === 1 && submission.user?.id === ids.zeynep,
    );
    expect(notes?.notes).toBe('Joined after the first chapter');
    expect(notes?.submissionData).toEqual({
      first_name: people.zeynep.name,
      last_name: people.zeynep.surname,
      attendance: 'late',
      Aciklama: 'Joined after the first chapter',
    });
  });

  test('is not for guests: they see Access denied', async ({ guestPage: page }) => {
    await page.goto(fillUrl(1, { id: ids.ali, name: nameOf(people.ali) }));
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test('says so when the guest is not one of the occurrence’s guests', async ({ adminPage: page }) => {
    await page.goto(`/forms/1/form-submission/${ids.occurrence}?guestId=999999`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fill Form' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: '#999999 is not a guest of this occurrence.' }),
    ).toBeVisible();
  });
});
