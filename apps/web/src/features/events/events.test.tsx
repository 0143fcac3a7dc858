import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { historyRow } from '../../test/audit-logs';
import { bodyOf, json } from '../../test/http';
import { adminClaims } from '../../test/tokens';
import { guestNames } from './events-list';
import { eventDefaults, minorUnits, nextFullHour, typedPrice } from './event-values';

const person = (id: number, name: string, surname: string, status = 'active') => ({ id, name, surname, status });

const event = {
  id: 12,
  title: 'Choir practice',
  description: null,
  conferenceLink: null,
  rrule: 'DTSTART;TZID=Europe/London:20260105T180000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6',
  timezone: 'Europe/London',
  repeat: null,
  doesNotRepeat: false,
  endDate: '2026-01-05T19:00:00.000Z',
  nextOccurrence: '2026-07-06T17:00:00.000Z',
  rruleByDayText: 'Mon, Wed',
  status: 'active',
  location: { id: 3, name: 'Hall' },
  organiser: { id: 7, name: 'Ayşe', surname: 'Yılmaz', timezone: 'Europe/London' },
  guests: [
    person(21, 'A', 'One'),
    person(22, 'B', 'Two', 'inactive'),
    person(23, 'C', 'Three'),
    person(24, 'D', 'Four'),
    person(25, 'E', 'Five'),
    person(26, 'F', 'Six'),
  ],
  guestIds: [21, 22, 23, 24, 25, 26],
  user: { id: 1, username: 'admin' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

const editors = {
  users: [
    {
      id: 7,
      username: 'ayse',
      name: 'Ayşe',
      surname: 'Yılmaz',
      timezone: 'Europe/London',
      groups: [{ id: 2, name: 'Band' }],
    },
  ],
  totalCount: 1,
};
const guests = {
  users: [{ id: 21, username: 'a1', name: 'A', surname: 'One', timezone: 'Europe/London', groups: [] }],
  totalCount: 1,
};
const locations = { locations: [{ id: 3, name: 'Hall', status: 'active' }], totalCount: 1 };
const preview = {
  timezone: 'Europe/London',
  rrule: 'x',
  rruleByDayText: 'Mon, Wed',
  occurrences: ['2026-07-06T17:00:00.000Z', '2026-07-08T17:00:00.000Z'],
  occurrenceStates: [
    { start: '2026-07-06T17:00:00.000Z', past: false, cancelled: false },
    { start: '2026-07-08T17:00:00.000Z', past: false, cancelled: false },
  ],
  totalCount: 6,
  conflicts: [],
  conflictCount: 0,
};

const weekly = {
  ...event,
  repeat: {
    doesNotRepeat: false,
    start: '2026-07-06T18:00',
    frequency: 'week',
    interval: 1,
    weekdays: ['MO', 'WE'],
    end: { type: 'after', count: 6 },
  },
};

/** The choice lists and the preview of the event form. */
const formApi = (url: string) => {
  if (url === '/api/users?limit=1000&role=editor&status=active') return json(200, editors);
  if (url === '/api/users?limit=1000&role=guest&status=active') return json(200, guests);
  if (url === '/api/locations?limit=1000') return json(200, locations);
  if (url === '/api/events/preview') return json(200, preview);
  return undefined;
};

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('Events list', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the next occurrence in the organiser’s zone, the Days text and at most four active guests', async () => {
    stubApi(adminClaims, (url) =>
      url.startsWith('/api/events?') ? json(200, { events: [event], totalCount: 1 }) : undefined,
    );
    renderApp('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeTruthy();
    const table = await screen.findByTestId('list-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Id',
      'Title',
      'Next Occurrence',
      'Days',
      'Location',
      'Organiser',
      'Guests',
      'Create User',
      'Actions',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([
      '12',
      'Choir practice',
      '06/07/2026 18:00',
      'Mon, Wed',
      'Hall',
      'Ayşe Yılmaz',
      'A One, C Three, D Four, E Five, …',
      'admin',
      expect.any(String),
    ]);
    expect(screen.getByLabelText('Recurring Events')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create events' }).getAttribute('href')).toBe('/events/create');
  });

  it('names every active guest when there are four or fewer', () => {
    expect(guestNames([person(1, 'A', 'One'), person(2, 'B', 'Two', 'inactive')])).toBe('A One');
  });
});

describe('Event form', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => vi.unstubAllGlobals());

  it('starts at the next full hour for one hour, as a single event', () => {
    const now = DateTime.fromISO('2026-03-10T09:41:00', { zone: 'Europe/Istanbul' });
    expect(nextFullHour('Europe/Istanbul', now)).toEqual({ start: '2026-03-10T10:00', endTime: '11:00' });
    const defaults = eventDefaults(undefined, now);
    expect(defaults.doesNotRepeat).toBe(true);
    expect(defaults).toMatchObject({ interval: 1, frequency: 'week', endCount: 13, endOn: '2026-06-08' });
  });

  it('shows the repeat fields only when the event repeats, and the weekdays only for Week', async () => {
    stubApi(adminClaims, formApi);
    renderApp('/events/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Event' })).toBeTruthy();
    const single = screen.getByLabelText<HTMLInputElement>('Does not repeat');
    expect(single.checked).toBe(true);
    expect(screen.queryByLabelText('Repeat every')).toBeNull();
    expect(screen.queryByLabelText('Monday')).toBeNull();

    await userEvent.click(single);
    expect(screen.getByLabelText<HTMLInputElement>('Repeat every').value).toBe('1');
    expect(screen.getByLabelText<HTMLSelectElement>('Frequency').value).toBe('week');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      expect(screen.getByLabelText(day)).toBeTruthy();
    }
    expect(screen.getByText('Occurrences will be created for the next 12 months')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Occurrences').value).toBe('13');
    expect(screen.queryByLabelText('End date')).toBeNull();

    await userEvent.click(screen.getByLabelText('On'));
    const endDate = screen.getByLabelText<HTMLInputElement>('End date');
    expect(endDate.min).toBe(DateTime.local().toISODate());
    expect(endDate.max).toBe(DateTime.local().plus({ years: 1 }).toISODate());
    expect(screen.queryByLabelText('Occurrences')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Frequency'), 'month');
    expect(screen.queryByLabelText('Monday')).toBeNull();
  });

  it('shows every message of docs/product.md §5 before sending anything', async () => {
    const api = stubApi(adminClaims, formApi);
    renderApp('/events/create');
    await screen.findByRole('heading', { level: 1, name: 'Create Event' });
    await screen.findByLabelText('Organiser');
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-12-01T18:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '17:00' } });
    await userEvent.click(screen.getByLabelText('Does not repeat'));
    const count = screen.getByLabelText('Occurrences');
    await userEvent.clear(count);
    await userEvent.type(count, '181');
    await userEvent.type(screen.getByLabelText('Price'), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(
      await screen.findByText('Write the price as a number with at most two decimals, like 750 or 12.50'),
    ).toBeTruthy();

    expect(await screen.findByText('Event title must be a non-empty string')).toBeTruthy();
    expect(screen.getByText('Start date cannot be after end date')).toBeTruthy();
    expect(screen.getAllByText('Maximum number of occurrences is 180').length).toBeGreaterThan(0);
    expect(screen.getByText('Location is required')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('On'));
    const tooFar = DateTime.local().plus({ years: 1, days: 2 }).toISODate();
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: tooFar } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('End date cannot be more than 1 year from now')).toBeTruthy();
    expect(api.calls().some((call) => call.url === '/api/events' && call.init?.method === 'POST')).toBe(false);
  });

  it('sends a weekly Monday and Wednesday rule ending after 6, previews it, and returns to the list', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/events' && init?.method === 'POST') return json(201, { ...event, id: 13 });
      if (url.startsWith('/api/events?')) return json(200, { events: [], totalCount: 0 });
      return formApi(url);
    });
    const router = renderApp('/events/create');
    await screen.findByRole('heading', { level: 1, name: 'Create Event' });
    await userEvent.type(screen.getByLabelText('Title'), '  Choir practice ');
    await userEvent.selectOptions(await screen.findByLabelText('Location'), 'Hall');
    await userEvent.selectOptions(await screen.findByLabelText('Organiser'), 'Ayşe Yılmaz (Band)');
    expect(screen.getByText('Times in Europe/London')).toBeTruthy();
    await userEvent.click(await screen.findByLabelText('A One'));
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-07-06T18:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '19:00' } });
    await userEvent.click(screen.getByLabelText('Does not repeat'));
    await userEvent.click(screen.getByLabelText('Monday'));
    await userEvent.click(screen.getByLabelText('Wednesday'));
    const count = screen.getByLabelText('Occurrences');
    await userEvent.clear(count);
    await userEvent.type(count, '6');
    // The price as people write it, with a comma: the server gets minor units.
    await userEvent.type(screen.getByLabelText('Price'), '12,5');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'GBP');

    const dates = await screen.findByTestId('event-preview-dates');
    expect(
      within(dates)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['06/07/2026 18:00', '08/07/2026 18:00']);
    expect(screen.getByText('6 occurrences in all')).toBeTruthy();
    const previewBody = bodyOf(api.calls().findLast((call) => call.url === '/api/events/preview')?.init);
    expect(previewBody).toEqual({
      organiserId: 7,
      limit: 5,
      locationId: 3,
      guestIds: [21],
      endTime: '19:00',
      repeat: {
        doesNotRepeat: false,
        start: '2026-07-06T18:00',
        frequency: 'week',
        interval: 1,
        weekdays: ['MO', 'WE'],
        end: { type: 'after', count: 6 },
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event created successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const sent = bodyOf(api.calls().find((call) => call.url === '/api/events' && call.init?.method === 'POST')?.init);
    expect(sent).toEqual({
      title: 'Choir practice',
      description: null,
      conferenceLink: null,
      locationId: 3,
      organiserId: 7,
      guestIds: [21],
      price: { amount: 1250, currency: 'GBP' },
      endTime: '19:00',
      repeat: previewBody.repeat,
    });
  });

  it('keeps a rule the form cannot show unless the repeat fields change, and shows the server’s refusal', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/events/12' && init?.method === 'PATCH')
        return json(400, { message: 'Guest 99 is not an active guest' });
      if (url === '/api/events/12') return json(200, event);
      // The event's History: its own rows and its sessions'.
      if (url.startsWith('/api/audit-logs?eventId=12&'))
        return json(200, { auditLogs: [historyRow('events', 12, 'Choir practice')], totalCount: 1 });
      return formApi(url);
    });
    renderApp('/events/12/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' })).toBeTruthy();
    const history = await screen.findByRole('region', { name: 'History' });
    expect((await within(history).findByTestId('audit-sentence')).textContent).toBe(
      "admin created event 'Choir practice'",
    );
    expect((await screen.findByTestId('kept-rule')).textContent).toContain('Mon, Wed');
    await userEvent.type(screen.getByLabelText('Title'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Guest 99 is not an active guest')).toBeTruthy();
    const sent = bodyOf(api.calls().find((call) => call.init?.method === 'PATCH')?.init);
    expect(sent.title).toBe('Choir practice!');
    expect('repeat' in sent).toBe(false);
    expect('endTime' in sent).toBe(false);
  });

  it('on edit sends the rule only when a repeat field changed', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/events/12' && init?.method === 'PATCH') return json(200, weekly);
      if (url === '/api/events/12') return json(200, weekly);
      if (url.startsWith('/api/events?')) return json(200, { events: [], totalCount: 0 });
      return formApi(url);
    });
    const router = renderApp('/events/12/edit');
    await screen.findByRole('heading', { level: 1, name: 'Edit Event' });
    expect((await screen.findByLabelText<HTMLInputElement>('Monday')).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Occurrences').value).toBe('6');
    await userEvent.type(screen.getByLabelText('Title'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const first = bodyOf(api.calls().find((call) => call.init?.method === 'PATCH')?.init);
    expect(first.title).toBe('Choir practice!');
    expect(first.price).toBeNull();
    expect('repeat' in first || 'endTime' in first).toBe(false);
  });

  it('shows the event’s price as a decimal and sends it back in minor units; an empty box is not billed', async () => {
    const priced = { ...weekly, price: { amount: 75_005, currency: 'EUR' } };
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/events/12' && init?.method === 'PATCH') return json(200, priced);
      if (url === '/api/events/12') return json(200, priced);
      if (url.startsWith('/api/events?')) return json(200, { events: [], totalCount: 0 });
      return formApi(url);
    });
    renderApp('/events/12/edit');
    const price = await screen.findByLabelText<HTMLInputElement>('Price');
    await waitFor(() => expect(price.value).toBe('750.05'));
    expect(screen.getByLabelText<HTMLSelectElement>('Currency').value).toBe('EUR');
    await userEvent.clear(price);
    await userEvent.type(price, '1000001');
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('The price is at most 1,000,000.00')).toBeTruthy();
    await userEvent.clear(price);
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    const sent = bodyOf(api.calls().find((call) => call.init?.method === 'PATCH')?.init);
    expect(sent.price).toBeNull();
  });
});

describe('minorUnits', () => {
  it('counts a typed price in whole minor units, never through a float', () => {
    expect(minorUnits('')).toBeUndefined();
    expect(minorUnits(' 750 ')).toBe(75_000);
    expect(minorUnits('12.5')).toBe(1250);
    expect(minorUnits('12,05')).toBe(1205);
    expect(minorUnits('0.29')).toBe(29);
    expect(minorUnits('1.250,00')).toBeNaN();
    expect(minorUnits('-5')).toBeNaN();
    expect(minorUnits('12.345')).toBeNaN();
    expect(typedPrice(29)).toBe('0.29');
    expect(typedPrice(75_000)).toBe('750');
  });

  it('on edit sends the changed rule when a repeat field changed', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/events/12' && init?.method === 'PATCH') return json(200, weekly);
      if (url === '/api/events/12') return json(200, weekly);
      if (url.startsWith('/api/events?')) return json(200, { events: [], totalCount: 0 });
      return formApi(url);
    });
    renderApp('/events/12/edit');
    const friday = await screen.findByLabelText<HTMLInputElement>('Friday');
    await userEvent.click(friday);
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    const sent = bodyOf(api.calls().find((call) => call.init?.method === 'PATCH')?.init);
    expect(sent.repeat).toMatchObject({ weekdays: ['MO', 'WE', 'FR'], end: { type: 'after', count: 6 } });
    expect(sent.endTime).toBe('19:00');
  });
});

describe('Edit Event from an occurrence (Edit series from here)', () => {
  const continuation = {
    fromOccurrenceId: 501,
    occurrenceDate: '2026-07-13T17:00:00.000Z',
    wholeSeries: false,
    rrule: 'DTSTART;TZID=Europe/London:20260713T180000\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;COUNT=4',
    timezone: 'Europe/London',
    repeat: { ...weekly.repeat, start: '2026-07-13T18:00', end: { type: 'after', count: 4 } },
    rruleByDayText: 'Mon, Wed',
    endDate: '2026-07-13T18:00:00.000Z',
    blockedBy: null,
  };
  const later = { ...weekly, id: 40, title: 'Choir practice!' };
  const splitApi = (blockedBy: unknown = null) =>
    stubApi(adminClaims, (url, init) => {
      if (url.startsWith('/api/events/12/continuation?')) return json(200, { ...continuation, blockedBy });
      if (url === '/api/events/12' && init?.method === 'PATCH') {
        return json(200, 'fromOccurrenceId' in bodyOf(init) ? later : weekly);
      }
      if (url === '/api/events/12') return json(200, weekly);
      if (url === '/api/events/40') return json(200, later);
      if (url.startsWith('/api/events?')) return json(200, { events: [], totalCount: 0 });
      if (url.startsWith('/api/audit-logs?')) return json(200, { auditLogs: [], totalCount: 0 });
      return formApi(url);
    });

  it('starts at this and following with the rule continued there, and saves a new event from it', async () => {
    const api = splitApi();
    const router = renderApp('/events/12/edit?from=501');
    const following = await screen.findByRole('radio', { name: /This and following/ });
    expect((following as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Apply to' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Start Date').value).toBe('2026-07-13T18:00');
    expect(screen.getByLabelText<HTMLInputElement>('Occurrences').value).toBe('4');
    await userEvent.type(screen.getByLabelText('Title'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText(/on as a new event$/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/40/edit'));
    const sent = bodyOf(api.calls().find((call) => call.init?.method === 'PATCH')?.init);
    expect(sent).toMatchObject({ title: 'Choir practice!', fromOccurrenceId: 501 });
    // The rule continues on the server: the form sends none when its fields were left alone.
    expect('repeat' in sent || 'endTime' in sent).toBe(false);
  });

  it('goes back to the whole series’ rule for all series and saves as before', async () => {
    const api = splitApi();
    const router = renderApp('/events/12/edit?from=501');
    await userEvent.click(await screen.findByRole('radio', { name: /All series/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Start Date').value).toBe('2026-07-06T18:00');
    expect(screen.getByLabelText<HTMLInputElement>('Occurrences').value).toBe('6');
    await userEvent.type(screen.getByLabelText('Title'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const sent = bodyOf(api.calls().find((call) => call.init?.method === 'PATCH')?.init);
    expect('fromOccurrenceId' in sent || 'repeat' in sent).toBe(false);
  });

  it('opens Edit Event Occurrence for this occurrence, and warns when a later one has history', async () => {
    splitApi({ id: 503, occurrenceDate: '2026-07-20T17:00:00.000Z' });
    const router = renderApp('/events/12/edit?from=501');
    expect((await screen.findByRole('alert')).textContent).toContain('has history');
    await userEvent.click(screen.getByRole('radio', { name: /This occurrence/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-occurrences/501/edit'));
  });
});
