import { dayIn } from './clock.js';
import {
  acceptDialogs,
  adminApiClient,
  apiHeaders,
  bearerHeaders,
  expect,
  rowWithCell,
  test,
  uniqueNames,
} from './fixtures.js';
import { MailCatcher } from './mail-catcher.js';

/**
 * Messaging through the real UI: Send Reminders, Generate Report (a JPEG download), Send Report
 * (the session becomes completed and read-only), Send Monthly Reports, the Message Log with a
 * Retry that really delivers, Sync Message Groups' refusal, and Home's messages panel. The e2e
 * server mails through SMTP to E2E_SMTP_PORT, where this spec listens with a real SMTP server.
 */
const unique = uniqueNames();
const PASSWORD = 'messaging-password-1';
const ZONE = 'Europe/Istanbul';
const today = dayIn(ZONE);
const tomorrow = dayIn(ZONE, 1);

const people = {
  organiser: { username: unique('msg-emre'), name: 'Emre', surname: unique('Kaya') },
  ayse: {
    username: unique('msg-ayse'),
    name: 'Ayşe',
    surname: unique('Yılmaz'),
    email: `ayse-${unique.tag}@example.test`,
    timezone: 'Europe/London',
  },
  nur: { username: unique('msg-nur'), name: 'Nur', surname: unique('Ak') },
};
const nameOf = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
const titles = { reminder: unique('Piano lesson'), report: unique('Cello lesson') };
const formTitle = unique('Lesson notes');
const ids = { form: 0, ayse: 0, nur: 0, reminderOccurrence: 0, reportOccurrence: 0 };
let reminderStart = '';

const smtp = new MailCatcher();
const mailsTo = (address: string) => smtp.to(address);

test.beforeAll(async ({ playwright }) => {
  await smtp.start();

  const api = await adminApiClient(playwright);
  const { post } = api;
  const locationId = (await post('/api/locations', { name: unique('Studio') })).id;
  const organiserId = (
    await post('/api/users', { timezone: 'Europe/Istanbul', ...people.organiser, role: 'editor', password: PASSWORD })
  ).id;
  ids.ayse = (await post('/api/users', { ...people.ayse, role: 'guest', password: PASSWORD })).id;
  ids.nur = (
    await post('/api/users', { timezone: 'Europe/Istanbul', ...people.nur, role: 'guest', password: PASSWORD })
  ).id;
  ids.form = (
    await post('/api/forms', {
      title: formTitle,
      schema: { fields: [{ type: 'textarea', name: 'Aciklama', label: 'Notes' }] },
    })
  ).id;

  // Tomorrow 10:00 in Istanbul, approved: still ahead whenever the spec runs.
  const reminderEvent = await post('/api/events', {
    title: titles.reminder,
    locationId,
    organiserId,
    guestIds: [ids.ayse, ids.nur],
    conferenceLink: 'https://meet.example.test/piano',
    repeat: { doesNotRepeat: true, start: `${tomorrow}T10:00` },
    endTime: '11:00',
  });
  const reminder = await api.firstOccurrence(reminderEvent.id);
  ids.reminderOccurrence = reminder.id;
  reminderStart = reminder.occurrenceDate;
  await post('/api/event-occurrences/approveSchedule', { listDate: tomorrow, timezone: ZONE }, 200);

  // Today just after midnight, with Ayşe's notes filled in.
  const reportEvent = await post('/api/events', {
    title: titles.report,
    locationId,
    organiserId,
    guestIds: [ids.ayse],
    repeat: { doesNotRepeat: true, start: `${today}T00:05` },
    endTime: '01:05',
  });
  ids.reportOccurrence = (await api.firstOccurrence(reportEvent.id)).id;
  await post(
    `/api/forms/${ids.form}/submit`,
    { eventOccurrenceId: ids.reportOccurrence, guestId: ids.ayse, data: { Aciklama: 'Çok güzel çaldı' } },
    200,
  );
  await api.dispose();
});

test.afterAll(async () => {
  await smtp.stop();
});

test.describe.serial('Messaging', () => {
  test('Send Reminders queues a reminder per guest, mails it in the guest’s zone, and logs the unreachable one', async ({
    adminPage: page,
  }) => {
    await page.goto(`/upcoming-events?date=${tomorrow}`);
    await expect(rowWithCell(page, titles.reminder)).toBeVisible();
    const dialogs = acceptDialogs(page);
    await page.getByRole('button', { name: 'Send Reminders', exact: true }).click();
    await expect(page.getByText(/reminders? queued.*skipped: no email address/)).toBeVisible();
    expect(dialogs).toEqual([
      `Send reminders for the approved sessions of ${tomorrow.split('-').reverse().join('/')} to their guests?`,
    ]);

    await expect.poll(() => mailsTo(people.ayse.email).length, { timeout: 20_000 }).toBe(1);
    const londonTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(reminderStart));
    const text = mailsTo(people.ayse.email)[0]!.text;
    expect(text).toContain(`Reminder: ${titles.reminder}`);
    expect(text).toContain(`${londonTime}`);
    expect(text).toContain('(Europe/London)');
    expect(text).toContain(`Join: https://meet.example.test/piano`);

    // Sending again queues nothing new and mails nothing twice.
    await page.getByRole('button', { name: 'Send Reminders', exact: true }).click();
    await expect(page.getByText(/0 reminders queued, \d+ already queued before/)).toBeVisible();
    // Nothing on its way to her: the log holds her one reminder, sent, and nothing queued behind it.
    const headers = await apiHeaders(page);
    const herReminders = async () => {
      const response = await page.request.get(
        `/api/message-logs?type=reminder&q=${encodeURIComponent(titles.reminder)}&limit=100`,
        { headers },
      );
      expect(response.status()).toBe(200);
      const { messageLogs } = (await response.json()) as {
        messageLogs: { status: string; recipient: { id: number | null } }[];
      };
      return messageLogs.filter((log) => log.recipient.id === ids.ayse).map((log) => log.status);
    };
    await expect.poll(herReminders).toEqual(['sent']);
    expect(mailsTo(people.ayse.email)).toHaveLength(1);
  });

  test('Home tells the admin whether reminders went out and shows today’s failed message', async ({
    adminPage: page,
  }) => {
    await page.goto('/');
    const panel = page.getByTestId('home-messages');
    await expect(panel.getByTestId('home-failed-count')).toContainText(/message(s)? failed today/);
    await expect(panel.getByTestId('home-failed-message').filter({ hasText: nameOf(people.nur) })).toContainText(
      'no email address',
    );
    await expect(panel.getByRole('link', { name: 'Open the Message Log' })).toBeVisible();
  });

  test('the Message Log shows why a message failed, and Retry delivers it once the address is fixed', async ({
    adminPage: page,
  }) => {
    await page.goto('/message-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Message Log' })).toBeVisible();
    const failed = page
      .getByTestId('list-table')
      .getByRole('row')
      .filter({ hasText: nameOf(people.nur) })
      .filter({ hasText: titles.reminder });
    await expect(failed.getByTestId('message-status')).toContainText('Failed');
    await expect(failed.getByTestId('message-status')).toContainText('no email address');

    const fixed = await page.request.patch(`/api/users/${ids.nur}`, {
      headers: await bearerHeaders(page.request),
      data: { email: `nur-${unique.tag}@example.test` },
    });
    expect(fixed.status(), await fixed.text()).toBe(200);

    await failed.getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: 'Retry' }).click();
    await expect(page.getByText(/Message \d+ queued again/)).toBeVisible();
    // The row follows the message without a reload: queued, then sent.
    await expect(failed.getByTestId('message-status')).toContainText('Sent', { timeout: 20_000 });
    expect(mailsTo(`nur-${unique.tag}@example.test`)).toHaveLength(1);
    expect(mailsTo(`nur-${unique.tag}@example.test`)[0]!.text).toContain(`Reminder: ${titles.reminder}`);
  });

  test('Generate Report downloads the occurrence’s report as a JPEG', async ({ adminPage: page }) => {
    await page.goto(`/event-occurrences?date=${today}`);
    const reported = rowWithCell(page, titles.report);
    await reported.getByTestId('row-menu-button').click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: `Generate Report for ${formTitle}`, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${today}_report.jpg`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const jpeg = Buffer.concat(chunks);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpeg.length).toBeGreaterThan(10_000);
    await expect(page.getByText('Form generated successfully')).toBeVisible();
  });

  test('Send Report mails the image to the guest and makes the occurrence completed and read-only', async ({
    adminPage: page,
  }) => {
    await page.goto(`/event-occurrences?date=${today}`);
    const reported = rowWithCell(page, titles.report);
    const dialogs = acceptDialogs(page);
    await reported.getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: `Send Report for ${formTitle}`, exact: true }).click();
    await expect(page.getByText('1 report queued; 1 occurrence marked completed')).toBeVisible();
    expect(dialogs).toEqual([
      `Send the ${formTitle} report to the guests of this session? The session becomes completed.`,
    ]);
    await expect(reported.getByRole('cell', { name: 'Completed', exact: true })).toBeVisible();

    await expect
      .poll(() => mailsTo(people.ayse.email).filter((mail) => mail.text.includes(`${formTitle} of`)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const report = mailsTo(people.ayse.email).find((mail) => mail.text.includes(`${formTitle} of`))!;
    expect(report.raw).toContain('Content-Type: image/jpeg');
    expect(report.raw).toContain(`${today}_report.jpg`);

    await page.goto(`/event-occurrences/${ids.reportOccurrence}/edit`);
    await expect(page.getByText('This occurrence is completed and cannot be changed.')).toBeVisible();
  });

  test('Send Monthly Reports queues one report per guest of the month', async ({ adminPage: page }) => {
    await page.goto(`/monthly-event-occurrences?date=${today}`);
    await expect(page.getByTestId('report-month')).toBeVisible();
    acceptDialogs(page);
    await page.getByRole('button', { name: 'Send Monthly Reports', exact: true }).click();
    await expect(page.getByText(/monthly reports? queued/)).toBeVisible();
    await expect
      .poll(
        () => mailsTo(people.ayse.email).filter((mail) => mail.text.includes('are in the attached report')).length,
        { timeout: 30_000 },
      )
      .toBe(1);
  });

  test('Sync Message Groups says the SMTP transport has no groups', async ({ adminPage: page }) => {
    await page.goto('/message-groups');
    await page.getByRole('button', { name: 'Sync Message Groups', exact: true }).click();
    await expect(page.getByText(/The smtp transport has no message groups to sync/)).toBeVisible();
  });

  test('the send buttons are the admin’s, for today or later; the Message Log is the admin’s', async ({
    editorPage: page,
  }) => {
    await page.goto(`/upcoming-events?date=${tomorrow}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reminders' })).toHaveCount(0);
    await page.goto('/message-logs');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test('no Send Reminders for a past day', async ({ adminPage: page }) => {
    await page.goto(`/upcoming-events?date=${dayIn(ZONE, -1)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reminders' })).toHaveCount(0);
  });
});
