import type { EventOccurrence } from '@ritim/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { historyRow } from '../../test/audit-logs';
import { bodyOf, json } from '../../test/http';
import { adminClaims, editorClaims, guestClaims } from '../../test/tokens';
import {
  fillTargets,
  guestNames,
  isTodayOrLater,
  notesLines,
  occurrenceDefaults,
  occurrencePayload,
} from './occurrence-values';
import { parseDay } from '../../lib/dates';
import { todayIn } from '../../lib/wall-clock';

const person = (id: number, name: string, surname: string) => ({
  id,
  name,
  surname,
  status: 'active',
  attendance: null,
  rsvp: null,
  makeup: null,
});

const submission = (id: number, formId: number, guest: ReturnType<typeof person> | null, notes: string | null) => ({
  id,
  form: { id: formId, title: formId === 1 ? 'Session notes' : 'Progress' },
  user: guest && { id: guest.id, name: guest.name, surname: guest.surname },
  formVersion: 1,
  notes,
  updatedAt: '2026-07-06T19:00:00.000Z',
});

const ali = person(21, 'Ali', 'Demir');
const zeynep = person(22, 'Zeynep', 'Kara');

/** 18:00 in London on 6 July 2026 (summer time): 17:00 UTC, 20:00 in Istanbul. */
const occurrence: EventOccurrence = {
  id: 501,
  eventId: 12,
  occurrenceDate: '2026-07-06T17:00:00.000Z',
  endDate: '2026-07-06T18:00:00.000Z',
  status: 'scheduled',
  hasGuestOverride: false,
  event: {
    id: 12,
    title: 'Choir practice',
    description: null,
    conferenceLink: null,
    timezone: 'Europe/London',
    status: 'active',
    doesNotRepeat: false,
    location: { id: 3, name: 'Hall' },
    organiser: { id: 7, name: 'Ayşe', surname: 'Yılmaz', timezone: 'Europe/London', groupIds: [2] },
    guests: [ali, zeynep],
  },
  occurrenceGuests: [],
  guests: [ali, zeynep],
  formSubmissions: [submission(90, 1, ali, 'Sang well'), submission(91, 2, zeynep, 'Needs practice')],
  attendance: [],
  cancellation: null,
  makeupOf: null,
  cover: null,
};

const listBody = (rows: EventOccurrence[]) => ({ eventOccurrences: rows, totalCount: rows.length });

const rowCells = (table: HTMLElement) =>
  within(within(table).getAllByRole('row')[1]!)
    .getAllByRole('cell')
    .map((td) => td.textContent);

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('occurrence values', () => {
  it('names at most four guests, then an ellipsis', () => {
    const five = [1, 2, 3, 4, 5].map((n) => person(n, `G${n}`, 'X'));
    expect(guestNames(five)).toEqual(['G1 X', 'G2 X', 'G3 X', 'G4 X', '…']);
    expect(guestNames(five.slice(0, 4))).toEqual(['G1 X', 'G2 X', 'G3 X', 'G4 X']);
    expect(guestNames([])).toEqual([]);
  });

  it('makes one Notes line per submission with notes, naming the guest it is about', () => {
    expect(
      notesLines([
        submission(1, 1, ali, 'Sang well'),
        submission(2, 1, zeynep, null),
        submission(3, 2, null, 'General remark'),
      ]),
    ).toEqual(['Ali Demir: Sang well', 'General remark']);
  });

  it('marks the guests whose session notes are filled in, and links Fill Form with who it is for', () => {
    expect(fillTargets(occurrence)).toEqual([
      {
        guestId: 21,
        guestName: 'Ali Demir',
        filled: true,
        to: '/forms/1/form-submission/501?guestId=21&guestName=Ali+Demir',
      },
      // Zeynep's submission is of another form: the session notes are still to fill.
      {
        guestId: 22,
        guestName: 'Zeynep Kara',
        filled: false,
        to: '/forms/1/form-submission/501?guestId=22&guestName=Zeynep+Kara',
      },
    ]);
  });

  it('takes today in the admin’s zone, not the browser’s', () => {
    // 22:30 UTC on 5 July is already 6 July in Istanbul.
    const now = new Date('2026-07-05T22:30:00Z');
    expect(todayIn('Europe/Istanbul', now)).toBe('2026-07-06');
    expect(todayIn('Europe/London', now)).toBe('2026-07-05');
    expect(isTodayOrLater('2026-07-05', 'Europe/London', now)).toBe(true);
    expect(isTodayOrLater('2026-07-05', 'Europe/Istanbul', now)).toBe(false);
  });

  it('reads only real days from the URL', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBeUndefined();
    expect(parseDay('tomorrow')).toBeUndefined();
    expect(parseDay(null)).toBeUndefined();
  });

  it('edits the start in the organiser’s zone and sends only what changed', () => {
    const defaults = occurrenceDefaults(occurrence);
    expect(defaults).toEqual({ guestIds: [21, 22], occurrenceDate: '2026-07-06T18:00' });
    expect(occurrencePayload({ guestIds: [22, 21], occurrenceDate: '2026-07-06T18:00' }, occurrence)).toEqual({});
    expect(occurrencePayload({ guestIds: [21], occurrenceDate: '2026-07-06T19:30' }, occurrence)).toEqual({
      occurrenceGuestIds: [21],
      occurrenceDate: '2026-07-06T19:30',
    });
  });

  it('sends an instant when the event’s zone is not the organiser’s, so the time typed is kept', () => {
    const moved = { ...occurrence, event: { ...occurrence.event, timezone: 'Europe/Istanbul' } };
    expect(occurrencePayload({ guestIds: [21, 22], occurrenceDate: '2026-07-06T19:30' }, moved)).toEqual({
      occurrenceDate: '2026-07-06T19:30:00.000+01:00',
    });
  });
});

describe('Upcoming Events', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => vi.unstubAllGlobals());

  const answer = (rows: EventOccurrence[]) => (url: string) => {
    if (url.startsWith('/api/event-occurrences?')) return json(200, listBody(rows));
    if (url === '/api/forms/1') return json(200, { id: 1, title: 'Session notes' });
    return undefined;
  };

  it('asks for the chosen day in the user’s zone and shows the time in the organiser’s', async () => {
    const api = stubApi(adminClaims, answer([occurrence]));
    renderApp('/upcoming-events?date=2026-07-06');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeTruthy();
    const table = await screen.findByTestId('list-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Id', 'Title', 'Occurrence Date', 'Organiser', 'Guests', 'Notes', 'Status', 'Actions']);
    expect(rowCells(table)).toEqual([
      '501',
      'Choir practice',
      '06/07/2026 18:00',
      'Ayşe Yılmaz',
      'Ali Demir, Zeynep Kara',
      'Ali Demir: Sang wellZeynep Kara: Needs practice',
      'Scheduled',
      expect.any(String),
    ]);
    expect(api.calls().map((call) => call.url)).toContain(
      '/api/event-occurrences?limit=50&offset=0&date=2026-07-06&timezone=Europe%2FIstanbul&light=true',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Day').value).toBe('2026-07-06');
  });

  it('gives admins Take attendance, Fill (marked when filled), Edit, Edit series from here, Find cover, Cancel session and Delete, and the edits only while not completed', async () => {
    stubApi(adminClaims, answer([occurrence, { ...occurrence, id: 502, status: 'completed' }]));
    renderApp('/upcoming-events?date=2026-07-06');
    const [first, completed] = await screen.findAllByTestId('row-menu-button');
    await userEvent.click(first!);
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Take attendance',
      'Fill Session notes for Ali Demir +',
      'Fill Session notes for Zeynep Kara',
      'Edit',
      'Edit series from here',
      'Find cover',
      'Cancel session',
      'Delete',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe('/event-occurrences/501/edit');
    expect(screen.getByRole('menuitem', { name: 'Edit series from here' }).getAttribute('href')).toBe(
      `/events/${occurrence.eventId}/edit?from=501`,
    );
    expect(screen.getByRole('menuitem', { name: 'Fill Session notes for Zeynep Kara' }).getAttribute('href')).toBe(
      '/forms/1/form-submission/501?guestId=22&guestName=Zeynep+Kara',
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(completed!);
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).not.toContain('Edit'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).not.toContain('Edit series from here');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).not.toContain('Find cover');
  });

  it('approves today’s schedule after the confirmation and shows the server’s message', async () => {
    const today = DateTime.now().setZone('Europe/Istanbul').toISODate()!;
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/approveSchedule' && init?.method === 'POST')
        return json(200, { success: true, message: '2 occurrences approved' });
      if (url === '/api/event-occurrences/unapproveSchedule' && init?.method === 'POST')
        return json(400, { message: 'The schedule of a past day cannot be changed' });
      return answer([occurrence])(url);
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderApp(`/upcoming-events?date=${today}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Schedule' }));
    expect(await screen.findByText('2 occurrences approved')).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
    const sent = api.calls().find((call) => call.url === '/api/event-occurrences/approveSchedule');
    expect(bodyOf(sent?.init)).toEqual({ listDate: today, timezone: 'Europe/Istanbul' });

    await userEvent.click(screen.getByRole('button', { name: 'Unapprove Schedule' }));
    expect(
      await screen.findByText('Error unapproving the schedule: The schedule of a past day cannot be changed'),
    ).toBeTruthy();
  });

  it('sends nothing when the confirmation is declined, and offers no approval for a past day', async () => {
    const today = DateTime.now().setZone('Europe/Istanbul').toISODate()!;
    const api = stubApi(adminClaims, answer([occurrence]));
    vi.stubGlobal('confirm', () => false);
    const router = renderApp(`/upcoming-events?date=${today}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Schedule' }));
    expect(api.calls().some((call) => call.url.endsWith('Schedule'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2020-01-06' } });
    await waitFor(() => expect(router.state.location.search).toBe('?date=2020-01-06'));
    expect(screen.queryByRole('button', { name: 'Approve Schedule' })).toBeNull();
  });

  it('gives editors only the Fill items, and guests no menu', async () => {
    stubApi(editorClaims, answer([occurrence]));
    renderApp('/upcoming-events?date=2026-07-06');
    await userEvent.click(await screen.findByTestId('row-menu-button'));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Fill Session notes for Ali Demir +',
      'Fill Session notes for Zeynep Kara',
    ]);
    expect(screen.queryByRole('button', { name: 'Approve Schedule' })).toBeNull();
  });

  it('shows guests their rows without a menu, and says when a day has none', async () => {
    const api = stubApi(guestClaims, (url) =>
      url.includes('date=2026-07-07') ? json(200, listBody([])) : answer([occurrence])(url),
    );
    renderApp('/upcoming-events?date=2026-07-06');
    const table = await screen.findByTestId('list-table');
    expect(within(table).getAllByRole('columnheader').at(-1)?.textContent).toBe('Status');
    expect(screen.queryByTestId('row-menu-button')).toBeNull();
    expect(api.calls().some((call) => call.url.startsWith('/api/forms/'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No occurrences on this day')).toBeTruthy();
  });
});

describe('Event Occurrences and Monthly Report', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => vi.unstubAllGlobals());

  it('lists a day without the Notes, at most four guests, with a report pair per form with answers, Cancel session and Delete', async () => {
    const crowded = { ...occurrence, guests: [1, 2, 3, 4, 5].map((n) => person(30 + n, `G${n}`, 'X')) };
    stubApi(adminClaims, (url) =>
      url.startsWith('/api/event-occurrences?') ? json(200, listBody([crowded])) : undefined,
    );
    renderApp('/event-occurrences?date=2026-07-06');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Occurrences' })).toBeTruthy();
    const table = await screen.findByTestId('list-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Id', 'Title', 'Occurrence Date', 'Organiser', 'Guests', 'Status', 'Actions']);
    expect(rowCells(table)[4]).toBe('G1 X, G2 X, G3 X, G4 X, …');
    await userEvent.click(screen.getByTestId('row-menu-button'));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Generate Report for Session notes',
      'Send Report for Session notes',
      'Generate Report for Progress',
      'Send Report for Progress',
      'Edit series from here',
      'Cancel session',
      'Delete',
    ]);
  });

  it('deletes after the confirmation with the screen’s toast', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/501' && init?.method === 'DELETE') return new Response(null, { status: 204 });
      return url.startsWith('/api/event-occurrences?') ? json(200, listBody([occurrence])) : undefined;
    });
    vi.stubGlobal('confirm', () => true);
    renderApp('/event-occurrences?date=2026-07-06');
    await userEvent.click(await screen.findByTestId('row-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Event occurrence deleted successfully')).toBeTruthy();
    expect(api.calls().some((call) => call.init?.method === 'DELETE')).toBe(true);
  });

  it('asks for the month of the chosen day and names it', async () => {
    const api = stubApi(adminClaims, (url) =>
      url.startsWith('/api/event-occurrences?') ? json(200, listBody([occurrence])) : undefined,
    );
    renderApp('/monthly-event-occurrences?date=2026-07-06');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly Report' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'July 2026' })).toBeTruthy();
    const table = await screen.findByTestId('list-table');
    expect(rowCells(table)).toContain('Ali Demir: Sang wellZeynep Kara: Needs practice');
    expect(api.calls().map((call) => call.url)).toContain(
      '/api/event-occurrences?limit=50&offset=0&date=2026-07-06&timezone=Europe%2FIstanbul&monthly=true&light=true',
    );
  });
});

describe('Messaging actions', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => vi.unstubAllGlobals());

  const today = () => DateTime.now().setZone('Europe/Istanbul').toISODate()!;
  const listCalls = (api: ReturnType<typeof stubApi>) =>
    api.calls().filter((call) => call.url.startsWith('/api/event-occurrences?')).length;

  it('sends reminders after the confirmation with the server’s counts, and names the action when it throws', async () => {
    let attempt = 0;
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/sendReminders' && init?.method === 'POST') {
        attempt += 1;
        if (attempt === 1) return json(200, { success: true, message: '1 reminder queued' });
        if (attempt === 2) return json(400, { message: 'Reminders cannot be sent for a past day' });
        throw new TypeError('Failed to fetch');
      }
      if (url.startsWith('/api/event-occurrences?')) return json(200, listBody([occurrence]));
      if (url === '/api/forms/1') return json(200, { id: 1, title: 'Session notes' });
      return undefined;
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderApp(`/upcoming-events?date=${today()}`);
    const button = await screen.findByRole('button', { name: 'Send Reminders' });
    await userEvent.click(button);
    expect(await screen.findByText('1 reminder queued')).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith(
      `Send reminders for the approved sessions of ${today().split('-').reverse().join('/')} to their guests?`,
    );
    const sent = api.calls().find((call) => call.url === '/api/event-occurrences/sendReminders');
    expect(bodyOf(sent?.init)).toEqual({ listDate: today(), timezone: 'Europe/Istanbul' });

    // A thrown failure, the server's refusal or the request's own, after the spec's prefix (docs/product.md §8).
    await userEvent.click(button);
    expect(await screen.findByText('Error sending reminders: Reminders cannot be sent for a past day')).toBeTruthy();
    await userEvent.click(button);
    expect(await screen.findByText('Error sending reminders: Failed to fetch')).toBeTruthy();
  });

  it('keeps Send Reminders disabled while it runs, and offers it only to admins for today or later', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/sendReminders' && init?.method === 'POST') {
        return new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response;
      }
      if (url.startsWith('/api/event-occurrences?')) return json(200, listBody([occurrence]));
      if (url === '/api/forms/1') return json(200, { id: 1, title: 'Session notes' });
      return undefined;
    });
    vi.stubGlobal('confirm', () => true);
    const router = renderApp(`/upcoming-events?date=${today()}`);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Send Reminders' });
    await userEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    answer(json(200, { success: true, message: '0 reminders queued' }));
    expect(await screen.findByText('0 reminders queued')).toBeTruthy();
    expect(button.disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2020-01-06' } });
    await waitFor(() => expect(router.state.location.search).toBe('?date=2020-01-06'));
    expect(screen.queryByRole('button', { name: 'Send Reminders' })).toBeNull();
  });

  it('offers editors no Send Reminders', async () => {
    stubApi(editorClaims, (url) =>
      url.startsWith('/api/event-occurrences?') ? json(200, listBody([occurrence])) : undefined,
    );
    renderApp(`/upcoming-events?date=${today()}`);
    expect(await screen.findByTestId('list-table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Reminders' })).toBeNull();
  });

  it('downloads a form’s report under the server’s file name, and says why when it cannot', async () => {
    const saved: { name: string; href: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    let refuse = false;
    const api = stubApi(adminClaims, (url) => {
      if (url === '/api/forms/2/report/501') {
        if (refuse) return json(403, { message: 'You do not have permission to do this' });
        return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), {
          status: 200,
          headers: {
            'content-type': 'image/jpeg',
            'content-disposition': 'attachment; filename="2026-07-06_report.jpg"',
          },
        });
      }
      return url.startsWith('/api/event-occurrences?') ? json(200, listBody([occurrence])) : undefined;
    });
    renderApp('/event-occurrences?date=2026-07-06');
    await userEvent.click(await screen.findByTestId('row-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Generate Report for Progress' }));
    expect(await screen.findByText('Form generated successfully')).toBeTruthy();
    expect(saved).toEqual([{ name: '2026-07-06_report.jpg', href: 'blob:report' }]);
    const download = api.calls().find((call) => call.url === '/api/forms/2/report/501');
    expect(new Headers(download?.init?.headers).get('authorization')).toMatch(/^Bearer /);

    refuse = true;
    await userEvent.click(screen.getByTestId('row-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Generate Report for Progress' }));
    expect(await screen.findByText('Error generating form: You do not have permission to do this')).toBeTruthy();
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });

  it('names the report after the day in the organiser’s zone when the server gives no file name', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // 23:30 in London on 6 July is already 7 July in Istanbul: the organiser's day names the file.
    const late = { ...occurrence, occurrenceDate: '2026-07-06T22:30:00.000Z' };
    stubApi(adminClaims, (url) => {
      if (url === '/api/forms/1/report/501')
        return new Response(new Uint8Array([0xff, 0xd8, 0xff]), {
          status: 200,
          headers: { 'content-type': 'image/jpeg' },
        });
      return url.startsWith('/api/event-occurrences?') ? json(200, listBody([late])) : undefined;
    });
    renderApp('/event-occurrences?date=2026-07-06');
    await userEvent.click(await screen.findByTestId('row-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Generate Report for Session notes' }));
    expect(await screen.findByText('Form generated successfully')).toBeTruthy();
    expect(saved).toEqual(['2026-07-06_report.jpg']);
    click.mockRestore();
  });

  it('sends one form’s report after the confirmation and reloads the list', async () => {
    let sends = 0;
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/sendReport' && init?.method === 'POST') {
        sends += 1;
        return sends === 1
          ? json(200, { success: true, message: '2 reports queued; 1 occurrence marked completed' })
          : json(409, { message: 'This occurrence has no submissions of this form' });
      }
      return url.startsWith('/api/event-occurrences?') ? json(200, listBody([occurrence])) : undefined;
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderApp('/event-occurrences?date=2026-07-06');
    await userEvent.click(await screen.findByTestId('row-menu-button'));
    const before = listCalls(api);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send Report for Progress' }));
    expect(await screen.findByText('2 reports queued; 1 occurrence marked completed')).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith(
      'Send the Progress report to the guests of this session? The session becomes completed.',
    );
    const sent = api.calls().find((call) => call.url === '/api/event-occurrences/sendReport');
    expect(bodyOf(sent?.init)).toEqual({ eventOccurrenceId: 501, formId: 2 });
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(before));

    await userEvent.click(screen.getByTestId('row-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send Report for Progress' }));
    expect(
      await screen.findByText('Error sending report: This occurrence has no submissions of this form'),
    ).toBeTruthy();
  });

  it('sends nothing when the report’s confirmation is declined', async () => {
    const api = stubApi(adminClaims, (url) =>
      url.startsWith('/api/event-occurrences?') ? json(200, listBody([occurrence])) : undefined,
    );
    vi.stubGlobal('confirm', () => false);
    renderApp('/event-occurrences?date=2026-07-06');
    await userEvent.click(await screen.findByTestId('row-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send Report for Session notes' }));
    expect(api.calls().some((call) => call.url.includes('sendReport'))).toBe(false);
  });

  it('sends the day’s reports to the guests and reloads, with the prefix when the request fails', async () => {
    let sends = 0;
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/sendReports' && init?.method === 'POST') {
        sends += 1;
        if (sends === 1)
          return json(200, { success: true, message: '3 reports queued; 2 occurrences marked completed' });
        throw new TypeError('Failed to fetch');
      }
      return url.startsWith('/api/event-occurrences?') ? json(200, listBody([occurrence])) : undefined;
    });
    vi.stubGlobal('confirm', () => true);
    renderApp('/event-occurrences?date=2026-07-06');
    const button = await screen.findByRole('button', { name: 'Send Reports to Guests' });
    const before = listCalls(api);
    await userEvent.click(button);
    expect(await screen.findByText('3 reports queued; 2 occurrences marked completed')).toBeTruthy();
    const sent = api.calls().find((call) => call.url === '/api/event-occurrences/sendReports');
    expect(bodyOf(sent?.init)).toEqual({ listDate: '2026-07-06', timezone: 'Europe/Istanbul' });
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(before));

    await userEvent.click(button);
    expect(await screen.findByText('Error sending reports: Failed to fetch')).toBeTruthy();
  });

  it('sends the month’s reports, with the default when the server gives no reason and the prefix on a fault', async () => {
    let sends = 0;
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/sendMonthlyReports' && init?.method === 'POST') {
        sends += 1;
        if (sends === 1) return json(200, { success: true, message: '4 monthly reports queued' });
        if (sends === 2) return json(200, { success: false, message: '' });
        return json(500, { message: 'Something went wrong on our side. Please try again.' });
      }
      return url.startsWith('/api/event-occurrences?') ? json(200, listBody([occurrence])) : undefined;
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderApp('/monthly-event-occurrences?date=2026-07-06');
    const button = await screen.findByRole('button', { name: 'Send Monthly Reports' });
    await userEvent.click(button);
    expect(await screen.findByText('4 monthly reports queued')).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith('Send each guest the report of their month, July 2026?');
    const sent = api.calls().find((call) => call.url === '/api/event-occurrences/sendMonthlyReports');
    expect(bodyOf(sent?.init)).toEqual({ listDate: '2026-07-06', timezone: 'Europe/Istanbul' });

    await userEvent.click(button);
    expect(await screen.findByText('An error occurred while sending the monthly reports')).toBeTruthy();
    await userEvent.click(button);
    expect(
      await screen.findByText('Error sending monthly reports: Something went wrong on our side. Please try again.'),
    ).toBeTruthy();
  });
});

describe('Edit Event Occurrence', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => vi.unstubAllGlobals());

  const guests = {
    users: [
      { id: 21, username: 'ali', name: 'Ali', surname: 'Demir', timezone: 'Europe/London' },
      { id: 22, username: 'zeynep', name: 'Zeynep', surname: 'Kara', timezone: 'Europe/London' },
      { id: 23, username: 'can', name: 'Can', surname: 'Öz', timezone: 'Europe/London' },
    ],
    totalCount: 3,
  };

  it('ticks the occurrence’s guests, shows the start in the organiser’s zone and saves the change', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/501' && init?.method === 'PATCH')
        return json(200, { ...occurrence, guests: [ali], hasGuestOverride: true });
      if (url === '/api/event-occurrences/501') return json(200, occurrence);
      if (url === '/api/users?limit=1000&role=guest&status=active') return json(200, guests);
      if (url.startsWith('/api/event-occurrences?')) return json(200, listBody([]));
      if (url.startsWith('/api/audit-logs?entityType=event-occurrences&entityId=501&'))
        return json(200, { auditLogs: [historyRow('event-occurrences', 501, 'Choir practice')], totalCount: 1 });
      return undefined;
    });
    const router = renderApp('/event-occurrences/501/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event Occurrence' })).toBeTruthy();
    const history = await screen.findByRole('region', { name: 'History' });
    expect((await within(history).findByTestId('audit-sentence')).textContent).toBe("admin created 'Choir practice'");
    const event = await screen.findByTestId('occurrence-event');
    expect(
      within(event)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['Choir practice', 'Ayşe Yılmaz']);
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    expect((await screen.findByLabelText<HTMLInputElement>('Ali Demir')).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Zeynep Kara').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Can Öz').checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Start Date').value).toBe('2026-07-06T18:00');
    expect(screen.getByText('In Europe/London, the organiser’s time zone.')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Zeynep Kara'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Event Occurrence' }));
    expect(await screen.findByText('Event occurrence updated successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/upcoming-events'));
    const sent = api.calls().find((call) => call.init?.method === 'PATCH');
    expect(bodyOf(sent?.init)).toEqual({ occurrenceGuestIds: [21] });
  });

  it('asks for a start before sending, and keeps the form with the server’s reason', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/event-occurrences/501' && init?.method === 'PATCH')
        return json(409, { message: 'The event already has an occurrence at that time' });
      if (url === '/api/event-occurrences/501') return json(200, occurrence);
      if (url === '/api/users?limit=1000&role=guest&status=active') return json(200, guests);
      return undefined;
    });
    const router = renderApp('/event-occurrences/501/edit');
    const start = await screen.findByLabelText('Start Date');
    fireEvent.change(start, { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Event Occurrence' }));
    expect(await screen.findByText('Occurrence date must be set')).toBeTruthy();
    expect(api.calls().some((call) => call.init?.method === 'PATCH')).toBe(false);

    fireEvent.change(start, { target: { value: '2026-07-06T19:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Event Occurrence' }));
    expect(await screen.findByText('The event already has an occurrence at that time')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/event-occurrences/501/edit');
    const sent = api.calls().find((call) => call.init?.method === 'PATCH');
    expect(bodyOf(sent?.init)).toEqual({ occurrenceDate: '2026-07-06T19:30' });
  });

  it('shows a completed occurrence read-only', async () => {
    stubApi(adminClaims, (url) =>
      url === '/api/event-occurrences/501' ? json(200, { ...occurrence, status: 'completed' }) : undefined,
    );
    renderApp('/event-occurrences/501/edit');
    expect(await screen.findByText('This occurrence is completed and cannot be changed.')).toBeTruthy();
    expect(screen.getByText('06/07/2026 18:00 (Europe/London)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Event Occurrence' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/upcoming-events');
  });

  it('says why the occurrence could not be loaded', async () => {
    stubApi(adminClaims, () => undefined);
    renderApp('/event-occurrences/501/edit');
    expect((await screen.findAllByText('Failed to fetch event occurrence: Route not found')).length).toBeGreaterThan(0);
  });
});
