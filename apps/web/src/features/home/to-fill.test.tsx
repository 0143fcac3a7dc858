import type { EventOccurrence } from '@ritim/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, startEachTestAt, stubApi } from '../../test/app';
import { openDialogsInPlace } from '../../test/dialog';
import { json } from '../../test/http';
import { editorClaims, guestClaims } from '../../test/tokens';

const guest = (id: number, name: string, attendance: EventOccurrence['guests'][number]['attendance']) => ({
  id,
  name,
  surname: 'Demir',
  status: 'active',
  attendance,
  rsvp: null,
  makeup: null,
});

/** A session of yesterday organised by the editor (user 2): Ali unmarked, Can present with his notes in. */
const session = (id: number): EventOccurrence => ({
  id,
  eventId: 12,
  occurrenceDate: '2026-11-23T07:00:00.000Z',
  endDate: '2026-11-23T08:00:00.000Z',
  status: 'approved',
  hasGuestOverride: false,
  event: {
    id: 12,
    title: `Choir ${id}`,
    description: null,
    conferenceLink: null,
    timezone: 'Europe/Istanbul',
    status: 'active',
    doesNotRepeat: false,
    location: { id: 3, name: 'Hall' },
    organiser: { id: 2, name: 'Ed', surname: 'Itor', timezone: 'Europe/Istanbul', groupIds: [] },
    guests: [],
  },
  occurrenceGuests: [],
  guests: [guest(21, 'Ali', null), guest(22, 'Can', 'present')],
  formSubmissions: [
    {
      id: 1,
      form: { id: 1, title: 'Session notes' },
      user: { id: 22, name: 'Can', surname: 'Demir' },
      formVersion: 1,
      notes: 'Fine',
      updatedAt: '2026-11-23T09:00:00.000Z',
    },
  ],
  attendance: [],
  cancellation: null,
  makeupOf: null,
  cover: null,
});

function stubHome(claims: Record<string, unknown>, toFill: EventOccurrence[]) {
  return stubApi(claims, (url) => {
    if (url === '/api/event-occurrences/to-fill?days=7&limit=10')
      return json(200, { eventOccurrences: toFill, totalCount: toFill.length });
    if (url.startsWith('/api/event-occurrences?')) return json(200, { eventOccurrences: [], totalCount: 0 });
    if (url === '/api/forms/1') return json(200, { id: 1, title: 'Session notes' });
    return undefined;
  });
}

startEachTestAt('2026-11-24T06:00:00.000Z');

describe('Home, the sessions still to complete', { timeout: 30_000 }, () => {
  it('counts them and links each to its marking and its missing notes', async () => {
    stubHome(editorClaims, [session(501), session(502), session(503)]);
    renderApp('/');
    const panel = await screen.findByTestId('home-to-fill');
    expect((await within(panel).findByTestId('home-to-fill-count')).textContent).toBe('3 sessions to complete');
    const [first] = within(panel).getAllByTestId('home-to-fill-row');
    expect(within(first!).getByText('1 guest not marked')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Take attendance' })).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'Fill Session notes for Ali Demir' }).getAttribute('href')).toBe(
      '/forms/1/form-submission/501?guestId=21&guestName=Ali+Demir',
    );
    expect(
      within(first!)
        .getAllByTestId('attendance-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['Present']);
  });

  it('opens the marking from a session', async () => {
    openDialogsInPlace();
    stubApi(editorClaims, (url) => {
      if (url === '/api/event-occurrences/to-fill?days=7&limit=10')
        return json(200, { eventOccurrences: [session(501)], totalCount: 1 });
      if (url === '/api/event-occurrences/501') return json(200, session(501));
      if (url.startsWith('/api/event-occurrences?')) return json(200, { eventOccurrences: [], totalCount: 0 });
      return undefined;
    });
    renderApp('/');
    const panel = await screen.findByTestId('home-to-fill');
    await userEvent.click(await within(panel).findByRole('button', { name: /Take attendance/ }));
    const marking = await screen.findByTestId('attendance-marking');
    expect(within(marking).getByRole('group', { name: 'Ali Demir' })).toBeTruthy();
  });

  it('is quiet when everything is in (here in Turkish)', async () => {
    await loadLanguage('tr');
    stubHome(editorClaims, []);
    renderApp('/');
    const panel = await screen.findByTestId('home-to-fill');
    expect((await within(panel).findByTestId('home-to-fill-empty')).textContent).toBe('Her şey tamam.');
    expect(within(panel).queryByTestId('home-to-fill-count')).toBeNull();
  });

  it('is not on a guest’s Home', async () => {
    const api = stubHome(guestClaims, []);
    renderApp('/');
    expect(await screen.findByTestId('home-next')).toBeTruthy();
    expect(screen.queryByTestId('home-to-fill')).toBeNull();
    expect(api.calls().some((call) => call.url.includes('to-fill'))).toBe(false);
  });
});
