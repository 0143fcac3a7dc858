import { dayIn, shownDay, wallClock } from './clock.js';
import { acceptDialogs, adminApiClient, expect, rowWithCell, test, uniqueNames } from './fixtures.js';
import { jpegAttachment, MailCatcher } from './mail-catcher.js';

/**
 * The occurrence screens' messaging buttons against the real server (docs/product.md §2): Send Reminders on
 * Upcoming Events for a session a few hours ahead, Generate Report and Send Report per form on
 * Event Occurrences, Send Reports to Guests for a whole day, and Send Monthly Reports. The e2e
 * server mails through SMTP to E2E_SMTP_PORT, where this spec listens with a real SMTP server.
 *
 * The reports use a day 40 days back (and its month) that no other spec touches, so the counts
 * in the toasts are this spec's own.
 */
const unique = uniqueNames();
const PASSWORD = 'occurrence-messaging-password-1';
const ZONE = 'Europe/Istanbul';
const GUEST_ZONE = 'Europe/London';

const shown = shownDay;

/**
 * The reminded session starts three hours from now, on the quarter hour; should that be past
 * 22:45 in Istanbul it moves to 01:00 the next day, so the hour after it stays on its own day.
 */
function reminderStart(): { day: string; time: string; end: string } {
  const at = new Date(Date.now() + 3 * 3_600_000);
  at.setUTCMinutes(Math.ceil(at.getUTCMinutes() / 15) * 15, 0, 0);
  const { day, time } = wallClock(at, ZONE);
  if (time > '22:45') {
    const next = wallClock(new Date(at.getTime() + 6 * 3_600_000), ZONE).day;
    return { day: next, time: '01:00', end: '02:00' };
  }
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { day, time, end: `${String(hour + 1).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
}
const reminder = reminderStart();
/** The reports' day: 40 days back, a month no other spec has sessions in. */
const reportDay = dayIn(ZONE, -40);

const guest = (key: string, name: string, timezone = ZONE) => ({
  username: unique(`om-${key}`),
  name,
  surname: unique('Guest'),
  email: `${key}-${unique.tag}@example.test`,
  timezone,
});
const people = {
  organiser: { username: unique('om-organiser'), name: 'Selin', surname: unique('Organiser') },
  deniz: guest('deniz', 'Deniz', GUEST_ZONE),
  ece: guest('ece', 'Ece'),
  mert: guest('mert', 'Mert'),
};
const titles = {
  reminder: unique('Violin lesson'),
  reported: unique('Flute lesson'),
  second: unique('Drum lesson'),
};
const locationName = unique('Conservatory');
const conferenceLink = `https://meet.example.test/${unique.tag}`;
const formTitle = unique('Progress notes');
const ids = { form: 0, reminderOccurrence: 0, reported: 0, second: 0 };
let sessionNotesTitle = '';
let reminderStartsAt = '';

const smtp = new MailCatcher();
const mailsTo = (address: string) => smtp.to(address);

test.beforeAll(async ({ playwright }) => {
  await smtp.start();

  const api = await adminApiClient(playwright);
  const { post } = api;

  const locationId = (await post('/api/locations', { name: locationName })).id;
  const organiserId = (
    await post('/api/users', { timezone: 'Europe/Istanbul', ...people.organiser, role: 'editor', password: PASSWORD })
  ).id;
  const guestIds = {
    deniz: (await post('/api/users', { ...people.deniz, role: 'guest', password: PASSWORD })).id,
    ece: (await post('/api/users', { ...people.ece, role: 'guest', password: PASSWORD })).id,
    mert: (await post('/api/users', { ...people.mert, role: 'guest', password: PASSWORD })).id,
  };
  ids.form = (
    await post('/api/forms', {
      title: formTitle,
      schema: { fields: [{ type: 'textarea', name: 'Aciklama', label: 'Notes' }] },
    })
  ).id;
  sessionNotesTitle = (await api.get<{ title: string }>('/api/forms/1')).title;

  // A few hours ahead, approved: what Send Reminders reminds of.
  const reminderEvent = await post('/api/events', {
    title: titles.reminder,
    locationId,
    organiserId,
    guestIds: [guestIds.deniz],
    conferenceLink,
    repeat: { doesNotRepeat: true, start: `${reminder.day}T${reminder.time}` },
    endTime: reminder.end,
  });
  const reminded = await api.firstOccurrence(reminderEvent.id);
  ids.reminderOccurrence = reminded.id;
  reminderStartsAt = reminded.occurrenceDate;
  await post('/api/event-occurrences/approveSchedule', { listDate: reminder.day, timezone: ZONE }, 200);

  // The reports' day: one session with answers to two forms, another with answers to one.
  const submit = (formId: number, occurrenceId: number, guestId: number, data: Record<string, unknown>) =>
    post(`/api/forms/${formId}/submit`, { eventOccurrenceId: occurrenceId, guestId, data }, 200);
  const reportedEvent = await post('/api/events', {
    title: titles.reported,
    locationId,
    organiserId,
    guestIds: [guestIds.deniz, guestIds.ece],
    repeat: { doesNotRepeat: true, start: `${reportDay}T10:00` },
    endTime: '11:00',
  });
  ids.reported = (await api.firstOccurrence(reportedEvent.id)).id;
  await submit(ids.form, ids.reported, guestIds.deniz, { Aciklama: 'Clear tone throughout' });
  await submit(ids.form, ids.reported, guestIds.ece, { Aciklama: 'Breathing improved' });
  await submit(1, ids.reported, guestIds.ece, {
    first_name: people.ece.name,
    last_name: people.ece.surname,
    attendance: 'attended',
    Aciklama: 'On time',
  });
  const secondEvent = await post('/api/events', {
    title: titles.second,
    locationId,
    organiserId,
    guestIds: [guestIds.mert],
    repeat: { doesNotRepeat: true, start: `${reportDay}T14:00` },
    endTime: '15:00',
  });
  ids.second = (await api.firstOccurrence(secondEvent.id)).id;
  await submit(ids.form, ids.second, guestIds.mert, { Aciklama: 'Steady rhythm' });
  await api.dispose();
});

test.afterAll(async () => {
  await smtp.stop();
});

test.describe.serial('Messaging from the occurrence screens', () => {
  test('Send Reminders on Upcoming Events mails the guest the time in their zone, the place and the link', async ({
    adminPage: page,
  }) => {
    await page.goto(`/upcoming-events?date=${reminder.day}`);
    await expect(rowWithCell(page, titles.reminder).getByRole('cell', { name: 'Approved', exact: true })).toBeVisible();
    const dialogs = acceptDialogs(page);
    const button = page.getByRole('button', { name: 'Send Reminders', exact: true });
    // Held until checked, so the button can be seen disabled while the request runs.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/event-occurrences/sendReminders', async (route) => {
      await held;
      await route.continue();
    });
    await button.click();
    await expect(button).toBeDisabled();
    release();
    // This spec's guest is the only new one with an address: others of the day were reminded before.
    await expect(page.getByText(/^1 reminder queued(,|$)/)).toBeVisible();
    await expect(button).toBeEnabled();
    expect(dialogs).toEqual([`Send reminders for the approved sessions of ${shown(reminder.day)} to their guests?`]);

    await expect.poll(() => mailsTo(people.deniz.email).length, { timeout: 20_000 }).toBe(1);
    const guestTime = wallClock(new Date(reminderStartsAt), GUEST_ZONE);
    const text = mailsTo(people.deniz.email)[0]!.text;
    expect(text).toContain(`Reminder: ${titles.reminder}`);
    expect(text).toContain(`${shown(guestTime.day)} ${guestTime.time}`);
    expect(text).toContain(`(${GUEST_ZONE})`);
    expect(text).toContain(`Where: ${locationName}`);
    expect(text).toContain(`Join: ${conferenceLink}`);
  });

  test('a reminder request that fails on the way says so after the spec’s prefix', async ({ adminPage: page }) => {
    await page.goto(`/upcoming-events?date=${reminder.day}`);
    await expect(rowWithCell(page, titles.reminder)).toBeVisible();
    acceptDialogs(page);
    await page.route('**/api/event-occurrences/sendReminders', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Send Reminders', exact: true }).click();
    await expect(page.getByText(/^Error sending reminders: /)).toBeVisible();
  });

  test('no Send Reminders for a past day', async ({ adminPage: page }) => {
    await page.goto(`/upcoming-events?date=${reportDay}`);
    await expect(rowWithCell(page, titles.reported)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve Schedule' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Reminders' })).toHaveCount(0);
  });

  test('no Send Reminders for an editor, not even for the organiser', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', {
      data: { username: people.organiser.username, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto(`/upcoming-events?date=${reminder.day}`);
    await expect(rowWithCell(page, titles.reminder)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Reminders' })).toHaveCount(0);
  });

  test('the row menu offers a report pair per form with answers, and Generate Report downloads a JPEG', async ({
    adminPage: page,
  }) => {
    await page.goto(`/event-occurrences?date=${reportDay}`);
    const reported = rowWithCell(page, titles.reported);
    await reported.getByTestId('row-menu-button').click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual([
      `Generate Report for ${sessionNotesTitle}`,
      `Send Report for ${sessionNotesTitle}`,
      `Generate Report for ${formTitle}`,
      `Send Report for ${formTitle}`,
      'Cancel session',
      'Delete',
    ]);
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: `Generate Report for ${formTitle}`, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${reportDay}_report.jpg`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const jpeg = Buffer.concat(chunks);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await expect(page.getByText('Form generated successfully')).toBeVisible();
  });

  test('Send Report mails each guest the image and completes the session, which then opens read-only', async ({
    adminPage: page,
  }) => {
    await page.goto(`/event-occurrences?date=${reportDay}`);
    const reported = rowWithCell(page, titles.reported);
    await expect(reported.getByRole('cell', { name: 'Scheduled', exact: true })).toBeVisible();
    const dialogs = acceptDialogs(page);
    await reported.getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: `Send Report for ${formTitle}`, exact: true }).click();
    await expect(page.getByText('2 reports queued; 1 occurrence marked completed')).toBeVisible();
    expect(dialogs).toEqual([
      `Send the ${formTitle} report to the guests of this session? The session becomes completed.`,
    ]);
    // The list follows without a reload.
    await expect(reported.getByRole('cell', { name: 'Completed', exact: true })).toBeVisible();

    for (const person of [people.deniz, people.ece]) {
      await expect
        .poll(() => mailsTo(person.email).filter((mail) => mail.text.includes(`${formTitle} of`)).length, {
          timeout: 30_000,
        })
        .toBe(1);
      const report = mailsTo(person.email).find((mail) => mail.text.includes(`${formTitle} of`))!;
      expect(report.raw).toContain(`${reportDay}_report.jpg`);
      const image = jpegAttachment(report.raw);
      expect(image && [...image.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }

    // Upcoming Events offers no Edit for it any more, and its edit screen is read-only.
    await page.goto(`/upcoming-events?date=${reportDay}`);
    await rowWithCell(page, titles.reported).getByTestId('row-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Edit', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto(`/event-occurrences/${ids.reported}/edit`);
    await expect(page.getByText('This occurrence is completed and cannot be changed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Event Occurrence' })).toHaveCount(0);
  });

  test('Send Reports to Guests sends every report of the day once and completes its sessions', async ({
    adminPage: page,
  }) => {
    await page.goto(`/event-occurrences?date=${reportDay}`);
    const second = rowWithCell(page, titles.second);
    await expect(second.getByRole('cell', { name: 'Scheduled', exact: true })).toBeVisible();
    const dialogs = acceptDialogs(page);
    await page.getByRole('button', { name: 'Send Reports to Guests', exact: true }).click();
    // New: the session notes to both guests of the first session and the second session's report;
    // the first session's progress report went out in the test before.
    await expect(
      page.getByText('3 reports queued, 2 already queued before; 2 occurrences marked completed'),
    ).toBeVisible();
    expect(dialogs).toEqual([
      `Send the reports of ${shown(reportDay)} to the guests? Each reported session becomes completed.`,
    ]);
    await expect(second.getByRole('cell', { name: 'Completed', exact: true })).toBeVisible();
    await expect
      .poll(() => mailsTo(people.mert.email).filter((mail) => mail.text.includes(`${formTitle} of`)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect
      .poll(() => mailsTo(people.ece.email).filter((mail) => mail.text.includes(`${sessionNotesTitle} of`)).length, {
        timeout: 30_000,
      })
      .toBe(1);
  });

  test('Send Monthly Reports sends each guest of the month one image', async ({ adminPage: page }) => {
    await page.goto(`/monthly-event-occurrences?date=${reportDay}`);
    await expect(rowWithCell(page, titles.second)).toBeVisible();
    const dialogs = acceptDialogs(page);
    await page.getByRole('button', { name: 'Send Monthly Reports', exact: true }).click();
    await expect(page.getByText(/^\d+ monthly reports? queued/)).toBeVisible();
    const month = await page.getByTestId('report-month').textContent();
    expect(dialogs).toEqual([`Send each guest the report of their month, ${month}?`]);
    for (const person of [people.deniz, people.ece, people.mert]) {
      await expect
        .poll(() => mailsTo(person.email).filter((mail) => mail.text.includes('are in the attached report')).length, {
          timeout: 30_000,
        })
        .toBe(1);
      const monthly = mailsTo(person.email).find((mail) => mail.text.includes('are in the attached report'))!;
      const image = jpegAttachment(monthly.raw);
      expect(image && [...image.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }

    // Once per guest and month: sending again queues nothing new.
    await page.getByRole('button', { name: 'Send Monthly Reports', exact: true }).click();
    await expect(page.getByText(/^0 monthly reports queued, \d+ already queued before/)).toBeVisible();
  });
});
