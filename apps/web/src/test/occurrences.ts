import type { EventOccurrence } from '@ritim/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from './app';
import { json } from './http';

type Guest = EventOccurrence['guests'][number];

/** An active guest of a session as the reads carry them, with their mark (null: unmarked). */
export const occurrenceGuest = (
  id: number,
  name: string,
  surname: string,
  attendance: Guest['attendance'] = null,
): Guest => ({ id, name, surname, status: 'active', attendance, rsvp: null, makeup: null });

/**
 * Session 501 of 'Choir practice' (event 12) in the Hall: 10:00–11:00 in Istanbul on 24 November
 * 2026, approved, organised by Ayşe Yılmaz (user 7, of group 2); `guests` are both the event's and
 * the session's.
 */
export const choirOccurrence = (guests: Guest[], overrides: Partial<EventOccurrence> = {}): EventOccurrence => ({
  id: 501,
  eventId: 12,
  occurrenceDate: '2026-11-24T07:00:00.000Z',
  endDate: '2026-11-24T08:00:00.000Z',
  status: 'approved',
  hasGuestOverride: false,
  event: {
    id: 12,
    title: 'Choir practice',
    description: null,
    conferenceLink: null,
    timezone: 'Europe/Istanbul',
    status: 'active',
    doesNotRepeat: false,
    location: { id: 3, name: 'Hall' },
    organiser: { id: 7, name: 'Ayşe', surname: 'Yılmaz', timezone: 'Europe/Istanbul', groupIds: [2] },
    guests,
  },
  occurrenceGuests: [],
  guests,
  formSubmissions: [],
  attendance: [],
  cancellation: null,
  makeupOf: null,
  cover: null,
  ...overrides,
});

/**
 * Upcoming Events' calls for a day with the one session `current()` answers (the list, the
 * session, its notes form); `handle` answers the calls under test first (undefined: not one).
 */
export function stubOccurrenceDay(
  claims: Record<string, unknown>,
  current: () => EventOccurrence,
  handle: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  return stubApi(claims, (url, init) => {
    const answer = handle(url, init);
    if (answer) return answer;
    const session = current();
    if (url.startsWith('/api/event-occurrences?')) return json(200, { eventOccurrences: [session], totalCount: 1 });
    if (url === `/api/event-occurrences/${session.id}`) return json(200, session);
    if (url === '/api/forms/1') return json(200, { id: 1, title: 'Session notes' });
    return undefined;
  });
}

/** Opens the first row's menu and chooses `name` in it. */
export async function chooseRowMenuItem(name: string | RegExp) {
  const [menu] = await screen.findAllByTestId('row-menu-button');
  await userEvent.click(menu!);
  await userEvent.click(await screen.findByRole('menuitem', { name }));
}
