import type { Page } from '@playwright/test';
import { shownDay, wallClock } from './clock.js';
import { accounts } from './env.js';
import { adminApiClient, bearerHeaders, expect, test, uniqueNames } from './fixtures.js';
import { MailCatcher } from './mail-catcher.js';

/**
 * The Message Log (docs/product.md §2) against the real server: a reminder to a guest without an email
 * address is logged failed with why; once the address is fixed, Retry delivers it through SMTP
 * and the row follows it to Sent without a reload. Also Home's messages panel for the admin,
 * Sync Message Groups' refusal on the SMTP transport, and the log being the admin's alone.
 */
const unique = uniqueNames();
const PASSWORD = 'message-log-password-1';
/** The organiser's zone and the seeded admin's. */
const ZONE = 'Europe/Istanbul';

const today = wallClock(new Date(), ZONE).day;
/**
 * Two hours ahead, still today: late in the evening the session moves to 23:58 so that it stays on
 * today's schedule (the reminders go only to sessions still ahead).
 */
const start = (() => {
  const ahead = wallClock(new Date(Date.now() + 2 * 3_600_000), ZONE);
  return ahead.day === today ? ahead.time : '23:58';
})();
const startShown = `${shownDay(today)} ${start}`;

const organiser = { username: unique('log-emre'), name: 'Emre', surname: unique('Kaya'), timezone: ZONE };
/** A guest created without an email address: the SMTP transport cannot reach them. */
const guest = { username: unique('log-deniz'), name: 'Deniz', surname: unique('Ateş') };
const guestName = `${guest.name} ${guest.surname}`;
const guestEmail = `deniz-${unique.tag}@example.test`;
const title = unique('Violin lesson');
let guestId = 0;
let remindersMessage = '';

const smtp = new MailCatcher();

/**
 * An SMTP server on the e2e transport's port keeping every mail; then through the API as the
 * admin: the organiser, the guest without an email, the lesson two hours ahead, today's schedule
 * approved and the reminders sent.
 */
test.beforeAll(async ({ playwright }) => {
  await smtp.start();

  const api = await adminApiClient(playwright);
  const { post } = api;
  const locationId = (await post('/api/locations', { name: unique('Music room') })).id;
  const organiserId = (await post('/api/users', { ...organiser, role: 'editor', password: PASSWORD })).id;
  guestId = (await post('/api/users', { timezone: 'Europe/Istanbul', ...guest, role: 'guest', password: PASSWORD })).id;
  await post('/api/events', {
    title,
    locationId,
    organiserId,
    guestIds: [guestId],
    repeat: { doesNotRepeat: true, start: `${today}T${start}` },
  });
  await post('/api/event-occurrences/approveSchedule', { listDate: today, timezone: ZONE }, 200);
  remindersMessage = (
    await post<{ message: string }>('/api/event-occurrences/sendReminders', { listDate: today, timezone: ZONE }, 200)
  ).message;
  await api.dispose();
});

test.afterAll(async () => {
  await smtp.stop();
});

/** The Message Log row of this spec's reminder. */
const reminderRow = (page: Page) =>
  page.getByTestId('list-table').getByRole('row').filter({ hasText: title }).filter({ hasText: guestName });

test.describe.serial('Message Log', () => {
  test('sending the reminders says who was skipped for want of an email address', () => {
    expect(remindersMessage).toMatch(/reminders? queued/);
    // The day may hold other specs' sessions still ahead with guests lacking an address (how many
    // depends on the time of day); the message names the first three in start order, then '…'.
    const skipped = /(\d+) skipped: no email address \((.*)\)/.exec(remindersMessage);
    expect(skipped, remindersMessage).not.toBeNull();
    const [, count, names] = skipped!;
    const shown = names!.split(', ');
    if (Number(count) <= 3) {
      expect(shown).toHaveLength(Number(count));
      expect(shown).toContain(guestName);
    } else {
      // More than three: three names and '…' (this guest's own failed row is checked in the log below).
      expect(shown).toHaveLength(4);
      expect(shown[3]).toBe('…');
    }
  });

  test('Home shows the admin today’s failed message and that reminders went out', async ({ adminPage: page }) => {
    await page.goto('/');
    const panel = page.getByTestId('home-messages');
    await expect(panel.getByTestId('home-reminders')).toHaveText(
      /^Reminders: [1-9]\d* queued or sent for today’s sessions$/,
    );
    await expect(panel.getByTestId('home-failed-count')).toHaveText(/^[1-9]\d* messages? failed today$/);
    // Home lists the newest five; other specs' deliveries to an unreachable mail server may fail
    // after ours, so ours is checked in the Message Log the link opens.
    await expect(panel.getByTestId('home-failed-message').first()).toBeVisible();
    await panel.getByRole('link', { name: 'Open the Message Log' }).click();
    await expect(page).toHaveURL(new RegExp(`/message-logs\\?date=${today}$`));
    await expect(reminderRow(page)).toBeVisible();
  });

  test('lists the day’s reminder, failed with a readable reason, and Retry delivers it once the address is fixed', async ({
    adminPage: page,
  }) => {
    await page.goto('/message-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Message Log' })).toBeVisible();
    // The day picker opens on today.
    await expect(page.getByTestId('list-table')).toBeVisible();
    await page.getByTestId('list-search').fill(title);
    await expect(page).toHaveURL(/q=/);
    const row = reminderRow(page);
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    const id = (await cells.first().textContent())!.trim();
    await expect(cells.nth(2)).toHaveText(startShown);
    await expect(cells.nth(3)).toHaveText(guestName);
    await expect(cells.nth(4)).toHaveText('Reminder');
    await expect(row.getByTestId('message-status')).toHaveText('Failedno email address');
    await expect(cells.nth(6)).toContainText(`Reminder: ${title}`);

    const fixed = await page.request.patch(`/api/users/${guestId}`, {
      headers: await bearerHeaders(page.request),
      data: { email: guestEmail },
    });
    expect(fixed.status(), await fixed.text()).toBe(200);

    // Marks this document: a reload would lose it.
    await page.evaluate('window.__sameDocument = true');
    await row.getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: 'Retry', exact: true }).click();
    await expect(
      page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: `Message ${id} queued again` }),
    ).toBeVisible();
    await expect(row.getByTestId('message-status')).toHaveText('Sent', { timeout: 20_000 });
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    await expect(row.getByTestId('row-menu-button')).toHaveCount(0);

    await expect.poll(() => smtp.to(guestEmail).length).toBe(1);
    const mail = smtp.to(guestEmail)[0]!;
    expect(mail.text).toContain(`Reminder: ${title}`);
  });

  test('fits a 390 px window: the table scrolls inside its card', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/message-logs?date=${today}&q=${encodeURIComponent(title)}`);
    await expect(reminderRow(page)).toBeVisible();
    const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    );
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expect(page.getByRole('button', { name: 'Today' })).toBeInViewport();
    await expect(page.getByTestId('list-search')).toBeInViewport();
  });

  test('says so when the day has no messages', async ({ adminPage: page }) => {
    await page.goto('/message-logs?date=2020-01-01');
    await expect(page.getByText('No messages on this day')).toBeVisible();
  });

  test('Sync Message Groups is disabled while it runs, then says the SMTP transport has no groups', async ({
    adminPage: page,
  }) => {
    await page.goto('/message-groups');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/message-groups/sync', async (route) => {
      await held;
      await route.continue();
    });
    const button = page.getByRole('button', { name: 'Sync Message Groups', exact: true });
    await button.click();
    await expect(button).toBeDisabled();
    release();
    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    // Spec §8's prefix, then the server's reason.
    await expect(toast).toHaveText(
      'Error syncing message groups: The smtp transport has no message groups to sync; set MESSAGE_TRANSPORT=whatsapp to sync groups from the WhatsApp gateway',
    );
    await expect(button).toBeEnabled();
  });

  test('Sync Message Groups prefixes a failed call with the spec’s text', async ({ adminPage: page }) => {
    await page.goto('/message-groups');
    await page.route('**/api/message-groups/sync', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sync Message Groups', exact: true }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
      /^Error syncing message groups: /,
    );
  });

  for (const role of ['editor', 'guest'] as const) {
    test(`is the admin’s: a ${role} sees Access denied and no Message Logs link`, async ({ page }) => {
      const login = await page.request.post('/api/auth/login', { data: accounts[role] });
      expect(login.status()).toBe(200);
      await page.goto('/message-logs');
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Message Logs' })).toHaveCount(0);
      // The server refuses on its own, not only the screen.
      const token = ((await login.json()) as { accessToken: string }).accessToken;
      const listed = await page.request.get(`/api/message-logs?date=${today}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(listed.status()).toBe(403);
    });
  }
});
