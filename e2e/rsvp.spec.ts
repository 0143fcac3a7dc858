import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { adminApiClient, expect, test, uniqueNames } from './fixtures.js';

/**
 * A guest's own answer (docs/product.md §12) in the browser: each guest's reminder carries their
 * link, read here from the Message Log's API as an admin would; the page opens without an account
 * on a 390 px phone, in the guest's language (English and Turkish), says a "no" is still free, and
 * answers No then Yes, the attendance following. Axe checks the page. The spec's session is 150
 * days ahead in Istanbul, so the time of day never makes the "no" late; its day is approved and
 * reminded by this spec alone (its own names are unique).
 */
const unique = uniqueNames();
const ZONE = 'Europe/Istanbul';
const PASSWORD = 'rsvp-password-1';
const day = dayIn(ZONE, 150);
const title = unique('Choir');
const LINK = /\/rsvp\/[A-Za-z0-9_-]{43}/;

/** Each guest's link path (`/rsvp/<token>`) by their surname. */
const links = new Map<string, string>();
let occurrenceId = 0;
let guestIds: Record<'en' | 'tr', number>;
const surnames = { en: unique('Ross'), tr: unique('Yıldız') };

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  const { post, get } = api;
  const organiserId = (
    await post('/api/users', {
      username: unique('rsvp-organiser'),
      name: 'Mert',
      surname: unique('Kara'),
      role: 'editor',
      timezone: ZONE,
      password: PASSWORD,
    })
  ).id;
  guestIds = {
    en: (
      await post('/api/users', {
        username: unique('rsvp-anna'),
        name: 'Anna',
        surname: surnames.en,
        role: 'guest',
        timezone: 'Europe/London',
        language: 'en',
        email: `anna-${unique.tag}@example.test`,
        password: PASSWORD,
      })
    ).id,
    tr: (
      await post('/api/users', {
        username: unique('rsvp-selin'),
        name: 'Selin',
        surname: surnames.tr,
        role: 'guest',
        timezone: ZONE,
        language: 'tr',
        email: `selin-${unique.tag}@example.test`,
        password: PASSWORD,
      })
    ).id,
  };
  const eventId = (
    await post('/api/events', {
      title,
      locationId: (await post('/api/locations', { name: unique('Chapel') })).id,
      organiserId,
      guestIds: [guestIds.en, guestIds.tr],
      repeat: { doesNotRepeat: true, start: `${day}T10:00` },
      endTime: '11:00',
    })
  ).id;
  occurrenceId = (await api.firstOccurrence(eventId)).id;
  await post('/api/event-occurrences/approveSchedule', { listDate: day, timezone: ZONE }, 200);
  await post('/api/event-occurrences/sendReminders', { listDate: day, timezone: ZONE }, 200);
  const logs = await get<{ messageLogs: { message: string; guests: { surname: string | null }[] }[] }>(
    `/api/message-logs?occurrenceDate=${day}&timezone=${encodeURIComponent(ZONE)}&type=reminder&q=${encodeURIComponent(title)}&limit=50`,
  );
  for (const log of logs.messageLogs) {
    const link = LINK.exec(log.message)?.[0];
    if (link && log.guests[0]?.surname) links.set(log.guests[0].surname, link);
  }
  expect(links.size).toBe(2);
  await api.dispose();
});

/** The serious and critical axe violations (WCAG 2.1 A and AA) on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  // Colours as they settle: a button the pointer just left is still fading from its hover colour
  // (transition-colors), which axe would read half-way.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

const cases = [
  {
    language: 'en' as const,
    greeting: `Hello Anna ${surnames.en}, are you coming?`,
    // Anna is in London: 10:00 in Istanbul is 08:00 there in summer, 07:00 in winter.
    when: /^[A-Z][a-z]+, \d{1,2} [A-Z][a-z]+ \d{4}, (08:00–09:00|07:00–08:00)$/,
    free: 'does not count as a late cancellation',
    none: 'You have not answered yet.',
    no: 'No, I can’t come',
    yes: 'Yes, I’ll come',
    answeredNo: 'Your answer: you are not coming.',
    answeredYes: 'Your answer: you are coming.',
  },
  {
    language: 'tr' as const,
    greeting: `Merhaba Selin ${surnames.tr}, geliyor musunuz?`,
    when: /^\d{1,2} \p{Lu}\p{Ll}+ \d{4} \p{Lu}\p{Ll}+ 10:00–11:00$/u,
    free: 'geç iptal sayılmaz',
    none: 'Henüz yanıt vermediniz.',
    no: 'Hayır, gelemeyeceğim',
    yes: 'Evet, geleceğim',
    answeredNo: 'Yanıtınız: gelmiyorsunuz.',
    answeredYes: 'Yanıtınız: geliyorsunuz.',
  },
];

for (const words of cases) {
  test(`on a 390 px phone, without an account, in ${words.language}: No then Yes from the reminder's link`, async ({
    page,
    playwright,
  }) => {
    const api = await adminApiClient(playwright);
    const markOf = async () =>
      (
        await api.get<{ attendance: { guestId: number; status: string }[] }>(`/api/event-occurrences/${occurrenceId}`)
      ).attendance.find((mark) => mark.guestId === guestIds[words.language])?.status ?? null;

    await page.goto(links.get(surnames[words.language])!);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', words.language);
    await expect(page.getByText(words.greeting)).toBeVisible();
    // The day once, then the hours, in the guest's own zone.
    await expect(page.getByTestId('rsvp-when')).toHaveText(words.when);
    await expect(page.getByTestId('rsvp-notice')).toContainText(words.free);
    await expect(page.getByTestId('rsvp-answer')).toContainText(words.none);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: words.no }).click();
    await expect(page.getByTestId('rsvp-answer')).toContainText(words.answeredNo);
    await expect(page.getByRole('button', { name: words.no })).toHaveAttribute('aria-pressed', 'true');
    // The answer is saved: the buttons are back (not dimmed while sending).
    await expect(page.getByRole('button', { name: words.yes })).toBeEnabled();
    // The pointer leaves the button it clicked: axe judges the colours as they rest, not hovered.
    await page.mouse.move(0, 0);
    await expect.poll(markOf).toBe('cancelled');
    expect(await violations(page)).toEqual([]);

    // After a reload the page still shows the answer.
    await page.reload();
    await expect(page.getByTestId('rsvp-answer')).toContainText(words.answeredNo);
    await page.getByRole('button', { name: words.yes }).click();
    await expect(page.getByTestId('rsvp-answer')).toContainText(words.answeredYes);
    await expect.poll(markOf).toBeNull();
    await api.dispose();
  });
}

test('a cancelled session’s link says it is cancelled, with no answer to give and nothing to join', async ({
  page,
  playwright,
}) => {
  const api = await adminApiClient(playwright);
  // A session of its own, reminded, then called off.
  const cancelledDay = dayIn(ZONE, 151);
  const cancelledTitle = unique('Cancelled choir');
  const eventId = (
    await api.post('/api/events', {
      title: cancelledTitle,
      locationId: (await api.post('/api/locations', { name: unique('Hall') })).id,
      organiserId: (
        await api.post('/api/users', {
          username: unique('rsvp-cancel-organiser'),
          name: 'Deniz',
          surname: unique('Ak'),
          role: 'editor',
          timezone: ZONE,
          password: PASSWORD,
        })
      ).id,
      guestIds: [guestIds.en],
      conferenceLink: 'https://meet.example.com/choir',
      repeat: { doesNotRepeat: true, start: `${cancelledDay}T10:00` },
      endTime: '11:00',
    })
  ).id;
  const id = (await api.firstOccurrence(eventId)).id;
  await api.post('/api/event-occurrences/approveSchedule', { listDate: cancelledDay, timezone: ZONE }, 200);
  await api.post('/api/event-occurrences/sendReminders', { listDate: cancelledDay, timezone: ZONE }, 200);
  const logs = await api.get<{ messageLogs: { message: string }[] }>(
    `/api/message-logs?occurrenceDate=${cancelledDay}&timezone=${encodeURIComponent(ZONE)}&type=reminder&q=${encodeURIComponent(cancelledTitle)}&limit=50`,
  );
  const link = LINK.exec(logs.messageLogs[0]?.message ?? '')?.[0];
  expect(link).toBeDefined();

  // Before: Yes, No and the way to join.
  await page.goto(link!);
  await expect(page.getByRole('button', { name: 'No, I can’t come' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://meet.example.com/choir' })).toBeVisible();

  await api.post(`/api/event-occurrences/${id}/cancel`, { reason: 'Organiser ill' }, 200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: cancelledTitle })).toBeVisible();
  await expect(page.getByTestId('rsvp-closed')).toHaveText('This session is cancelled: there is nothing to answer.');
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByText('Join online')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('rsvp-notice')).toHaveCount(0);
  await expect(page.getByTestId('rsvp-answer')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await api.dispose();
});

test('a session that has started says so, with no answer to give and nothing to join', async ({ page, playwright }) => {
  const api = await adminApiClient(playwright);
  // A session of its own, reminded ahead, then moved to have begun an hour ago (its link stays).
  const aheadDay = dayIn(ZONE, 152);
  const startedTitle = unique('Started choir');
  const eventId = (
    await api.post('/api/events', {
      title: startedTitle,
      locationId: (await api.post('/api/locations', { name: unique('Crypt') })).id,
      organiserId: (
        await api.post('/api/users', {
          username: unique('rsvp-started-organiser'),
          name: 'Ece',
          surname: unique('Tan'),
          role: 'editor',
          timezone: ZONE,
          password: PASSWORD,
        })
      ).id,
      guestIds: [guestIds.en],
      conferenceLink: 'https://meet.example.com/started',
      repeat: { doesNotRepeat: true, start: `${aheadDay}T10:00` },
      endTime: '11:00',
    })
  ).id;
  const id = (await api.firstOccurrence(eventId)).id;
  await api.post('/api/event-occurrences/approveSchedule', { listDate: aheadDay, timezone: ZONE }, 200);
  await api.post('/api/event-occurrences/sendReminders', { listDate: aheadDay, timezone: ZONE }, 200);
  const logs = await api.get<{ messageLogs: { message: string }[] }>(
    `/api/message-logs?occurrenceDate=${aheadDay}&timezone=${encodeURIComponent(ZONE)}&type=reminder&q=${encodeURIComponent(startedTitle)}&limit=50`,
  );
  const link = LINK.exec(logs.messageLogs[0]?.message ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole('button', { name: 'Yes, I’ll come' })).toBeVisible();

  await api.patch(`/api/event-occurrences/${id}`, {
    occurrenceDate: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: startedTitle })).toBeVisible();
  await expect(page.getByTestId('rsvp-closed')).toHaveText('This session has already started: answers are closed.');
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByText('Join online')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('rsvp-notice')).toHaveCount(0);
  // Not answered: no "You have not answered yet" once answers are closed.
  await expect(page.getByTestId('rsvp-answer')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await api.dispose();
});

test('an unknown link says so in words', async ({ page }) => {
  await page.goto(`/rsvp/${'x'.repeat(43)}`);
  await expect(page.getByTestId('rsvp-error')).toHaveText(
    'This link is not valid. Use the link in your latest reminder, or ask the organiser.',
  );
  expect(await violations(page)).toEqual([]);
});
