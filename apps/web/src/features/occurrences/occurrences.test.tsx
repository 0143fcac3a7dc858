import type { EventOccurrence } from '@ritim/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, resetApp, stubApi } from '../../test/app';
import { adminClaims, editorClaims, guestClaims } from '../../test/tokens';
import {
  fillTargets,
  guestNames,
  isTodayOrLater,
  notesLines,
  occurrenceDefaults,
  occurrencePayload,
  parseDay,
  todayIn,
} from './occurrence-values';

const person = (id: number, name: string, surname: string) => ({ id, name, surname, status: 'active' });

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
    location: { id: 3, name: 'Hall' },
    organiser: { id: 7, name: 'Ayşe', surname: 'Yılmaz', timezone: 'Europe/London', groupIds: [2] },
    guests: [ali, zeynep],
  },
  occurrenceGuests: [],
  guests: [ali, zeynep],
  formSubmissions: [submission(90, 1, ali, 'Sang well'), submission(91, 2, zeynep, 'Needs practice')],
};

const listBody = (rows: EventOccurrence[]) => ({ eventOccurrences: rows, totalCount: rows.length });

const bodyOf = (init?: RequestInit): Record<string, unknown> =>
  typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};

const rowCells = (table: HTMLElement) =>
  within(within(table).getAllByRole('row')[1]!)
    .getAllByRole('cell')
    .map((td) => td.textContent);

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

/** jsdom has no ResizeObserver; the row menu's floating panel watches its anchor with one. */
class NoResizeObserver {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));

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
    const now = DateTime.fromISO('2026-07-05T22:30:00Z');
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

  it('gives admins Fill (marked when filled), Edit and Delete, and Edit only while not completed', async () => {
    stubApi(adminClaims, answer([occurrence, { ...occurrence, id: 502, status: 'completed' }]));
    renderApp('/upcoming-events?date=2026-07-06');
    const [first, completed] = await screen.findAllByTestId('row-menu-button');
    await userEvent.click(first!);
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Fill Session notes for Ali Demir +',
      'Fill Session notes for Zeynep Kara',
      'Edit',
      'Delete',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe('/event-occurrences/501/edit');
    expect(screen.getByRole('menuitem', { name: 'Fill Session notes for Zeynep Kara' }).getAttribute('href')).toBe(
      '/forms/1/form-submission/501?guestId=22&guestName=Zeynep+Kara',
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(completed!);
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).not.toContain('Edit'));
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
    expect(await screen.findByText('The schedule of a past day cannot be changed')).toBeTruthy();
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

  it('lists a day without the Notes, at most four guests, with Delete only', async () => {
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
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Delete']);
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
      return undefined;
    });
    const router = renderApp('/event-occurrences/501/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event Occurrence' })).toBeTruthy();
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
