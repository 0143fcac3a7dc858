import { adminApiClient, expect, field, openRowMenu, rowWithCell, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

/** The seeded admin's zone (the users' default), which the day picker's days are in. */
const ZONE = 'Europe/Istanbul';

/** The day `days` after today in the admin's zone, yyyy-MM-dd. */
function dayAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const oldTitle = unique('Cello');
const newTitle = unique('Cello (new term)');
/** A weekly session at 10:00 on these days, six times. */
const days = [2, 9, 16, 23, 30, 37].map(dayAhead);

test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  const locationId = (await api.post('/api/locations', { name: unique('Room') })).id;
  const organiserId = (
    await api.post('/api/users', {
      username: unique('split-organiser'),
      name: 'Deniz',
      surname: unique('Aksoy'),
      role: 'editor',
      timezone: ZONE,
      password: 'split-password-1',
    })
  ).id;
  await api.post('/api/events', {
    title: oldTitle,
    locationId,
    organiserId,
    guestIds: [],
    repeat: {
      doesNotRepeat: false,
      start: `${days[0]}T10:00`,
      frequency: 'week',
      interval: 1,
      weekdays: [],
      end: { type: 'after', count: 6 },
    },
    endTime: '11:00',
  });
  await api.dispose();
});

test('Edit series from here: this and following renames the later sessions and keeps the earlier ones', async ({
  adminPage: page,
}) => {
  await page.goto(`/upcoming-events?date=${days[2]}`);
  await openRowMenu(rowWithCell(page, oldTitle));
  await page.getByRole('menuitem', { name: 'Edit series from here' }).click();
  await expect(page).toHaveURL(/\/events\/\d+\/edit\?from=\d+$/);
  const eventId = Number(/\/events\/(\d+)\//.exec(page.url())![1]);

  const applyTo = page.getByRole('group', { name: 'Apply to' });
  const following = applyTo.getByRole('radio', { name: /This and following/ });
  await expect(following).toBeChecked();
  // The form starts from the rule continued at that session: its day, the four left.
  await expect(field(page, 'Start Date')).toHaveValue(`${days[2]}T10:00`);
  await expect(field(page, 'Occurrences')).toHaveValue('4');
  // The keyboard moves between the choices; all series brings back the whole rule.
  await following.focus();
  await page.keyboard.press('ArrowDown');
  await expect(applyTo.getByRole('radio', { name: /All series/ })).toBeChecked();
  await expect(field(page, 'Start Date')).toHaveValue(`${days[0]}T10:00`);
  await page.keyboard.press('ArrowUp');
  await expect(following).toBeChecked();
  await expect(field(page, 'Start Date')).toHaveValue(`${days[2]}T10:00`);

  await field(page, 'Title').fill(newTitle);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText(/on as a new event$/)).toBeVisible();
  // It lands on the new event.
  await expect(page).toHaveURL(/\/events\/\d+\/edit$/);
  const newId = Number(/\/events\/(\d+)\//.exec(page.url())![1]);
  expect(newId).not.toBe(eventId);
  await expect(field(page, 'Title')).toHaveValue(newTitle);
  await expect(page.getByText(/Failed to fetch event/)).toHaveCount(0);

  for (const [index, day] of days.entries()) {
    await page.goto(`/upcoming-events?date=${day}`);
    const [shown, gone] = index < 2 ? [oldTitle, newTitle] : [newTitle, oldTitle];
    await expect(rowWithCell(page, shown)).toHaveCount(1);
    await expect(rowWithCell(page, gone)).toHaveCount(0);
  }
});
