import { dayIn, shownDay } from './clock.js';
import { adminApiClient, expect, field, test, uniqueNames } from './fixtures.js';

/**
 * Double-booking warnings (issue 15): the event form warns about a clashing organiser as it is
 * filled in and still saves; Edit Event Occurrence warns about a new time and guests before
 * saving; Home lists the next 7 days' clashes with links.
 */
const unique = uniqueNames();
const ISTANBUL = 'Europe/Istanbul';
const PASSWORD = 'conflicts-password-1';

const people = {
  ayse: { username: unique('conflicts-ayse'), name: 'Ayşe', surname: unique('Yılmaz') },
  selin: { username: unique('conflicts-selin'), name: 'Selin', surname: unique('Kaya') },
  gul: { username: unique('conflicts-gul'), name: 'Gül', surname: unique('Şahin') },
};
const nameOf = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
const titles = { piano: unique('Piano'), cello: unique('Cello'), violin: unique('Violin'), flute: unique('Flute') };
const rooms = { one: unique('Room 1'), two: unique('Room 2'), three: unique('Room 3'), four: unique('Room 4') };

/** Three days from now in Istanbul (the admin's zone): inside Home's 7 days. */
const day = dayIn(ISTANBUL, 3);
/** 'Mon 12/01' as the warnings show a day. */
const shortDay = (() => {
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  return `${weekday} ${shownDay(day).slice(0, 5)}`;
})();
const ids: Record<string, number> = {};

/**
 * Through the API: Ayşe organises Piano (Room 1, with Gül) at 10:00–11:00 and Cello (Room 4) at
 * 10:30–11:00 on that day, which clash; Selin organises Violin (Room 2) two days later.
 */
test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  const user = async (person: keyof typeof people, role: 'editor' | 'guest') =>
    (ids[person] = (
      await api.post('/api/users', { timezone: 'Europe/Istanbul', ...people[person], role, password: PASSWORD })
    ).id);
  await user('ayse', 'editor');
  await user('selin', 'editor');
  await user('gul', 'guest');
  for (const [key, name] of Object.entries(rooms)) ids[key] = (await api.post('/api/locations', { name })).id;
  const event = async (
    title: string,
    organiserId: number,
    locationId: number,
    guestIds: number[],
    start: string,
    endTime: string,
  ) =>
    (
      await api.post('/api/events', {
        title,
        organiserId,
        locationId,
        guestIds,
        repeat: { doesNotRepeat: true, start },
        endTime,
      })
    ).id;
  ids.piano = await event(titles.piano, ids.ayse!, ids.one!, [ids.gul!], `${day}T10:00`, '11:00');
  ids.cello = await event(titles.cello, ids.ayse!, ids.four!, [], `${day}T10:30`, '11:00');
  ids.violin = await event(titles.violin, ids.selin!, ids.two!, [], `${dayIn(ISTANBUL, 5)}T14:00`, '15:00');
  ids.violinOccurrence = (await api.firstOccurrence(ids.violin)).id;
  ids.celloOccurrence = (await api.firstOccurrence(ids.cello)).id;
  await api.dispose();
});

test.describe('Double bookings', () => {
  test('the event form warns about a clashing organiser under its preview, and still saves', async ({
    adminPage: page,
  }) => {
    await page.goto('/events/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    await field(page, 'Title').fill(titles.flute);
    await field(page, 'Location').selectOption({ label: rooms.three });
    await field(page, 'Organiser').selectOption({ label: nameOf(people.ayse) });
    await field(page, 'Start Date').fill(`${day}T09:30`);
    await field(page, 'To').fill('10:30');

    const warnings = page.getByTestId('event-preview').getByTestId('conflict-warnings');
    await expect(warnings.getByTestId('conflict')).toHaveText([
      `${nameOf(people.ayse)} is already organising ‘${titles.piano}’ on ${shortDay} 10:00–11:00`,
    ]);
    // Half-open: ending at 10:30 does not clash with Cello, which starts then.
    await expect(warnings).not.toContainText(titles.cello);
    await expect(warnings).toContainText('A warning only: saving still works.');
    // A longer session clashes with both, grouped under Ayşe.
    await field(page, 'To').fill('11:00');
    await expect(warnings.getByTestId('conflict')).toHaveText([
      `${nameOf(people.ayse)} is already organising 2 sessions at these times:` +
        `‘${titles.piano}’ on ${shortDay} 10:00–11:00‘${titles.cello}’ on ${shortDay} 10:30–11:00`,
    ]);

    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Event created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);
    await page.goto(`/events?q=${encodeURIComponent(titles.flute)}`);
    await expect(page.getByTestId('list-table').getByText(titles.flute)).toBeVisible();
  });

  test('Edit Event Occurrence warns about the new time and guests before saving', async ({ adminPage: page }) => {
    await page.goto(`/event-occurrences/${ids.violinOccurrence}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Event Occurrence' })).toBeVisible();
    const check = page.getByTestId('occurrence-conflicts');
    await expect(check.getByText('No double bookings.')).toBeVisible();

    await field(page, 'Start Date').fill(`${day}T10:15`);
    await page.getByRole('checkbox', { name: nameOf(people.gul) }).check();
    await expect(check.getByTestId('conflict')).toHaveText([
      `${nameOf(people.gul)} is already attending ‘${titles.piano}’ on ${shortDay} 10:00–11:00`,
    ]);
    await page.getByRole('checkbox', { name: nameOf(people.gul) }).uncheck();
    await expect(check.getByText('No double bookings.')).toBeVisible();
    await page.getByRole('checkbox', { name: nameOf(people.gul) }).check();
    await expect(check.getByTestId('conflict')).toHaveCount(1);

    await page.getByRole('button', { name: 'Update Event Occurrence' }).click();
    await expect(page.getByText('Event occurrence updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/upcoming-events$/);
  });

  test('Home shows admins the next 7 days’ clashes, each session a link to edit it', async ({ adminPage: page }) => {
    await page.goto('/');
    const panel = page.getByTestId('home-clashes');
    await expect(panel.getByRole('heading', { name: 'Double bookings' })).toBeVisible();
    const clash = panel.getByTestId('home-clash').filter({ hasText: titles.piano }).filter({ hasText: titles.cello });
    await expect(clash).toHaveCount(1);
    await expect(clash).toContainText(`${nameOf(people.ayse)} (organiser)`);
    await expect(clash).toContainText(
      `‘${titles.piano}’ on ${shortDay} 10:00–11:00 and ‘${titles.cello}’ on ${shortDay} 10:30–11:00`,
    );
    await clash.getByRole('link', { name: `Edit ‘${titles.cello}’ on ${shortDay} 10:30–11:00` }).click();
    await expect(page).toHaveURL(new RegExp(`/event-occurrences/${ids.celloOccurrence}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Event Occurrence' })).toBeVisible();
    await expect(page.getByTestId('occurrence-event')).toContainText(titles.cello);
  });
});
