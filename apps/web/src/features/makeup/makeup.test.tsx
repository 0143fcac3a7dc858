import type { EventOccurrence, MakeupSlots } from '@ritim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, startEachTestAt } from '../../test/app';
import { openDialogsInPlace } from '../../test/dialog';
import { bodyOf, json } from '../../test/http';
import { chooseRowMenuItem, choirOccurrence, occurrenceGuest, stubOccurrenceDay } from '../../test/occurrences';
import { adminClaims, editorClaims } from '../../test/tokens';

const ali = occurrenceGuest(21, 'Ali', 'Demir', 'present');
const zeynep = occurrenceGuest(22, 'Zeynep', 'Kara', 'absent');

/** The choir's session (test/occurrences.ts), at which Zeynep was absent. */
const session = () => choirOccurrence([ali, zeynep]);

/** Free hours in Istanbul (UTC+3) from 25 November on: 08:00 and 11:00 each day. */
const slot = (day: number, hour: number) => {
  const start = new Date(Date.UTC(2026, 10, day, hour - 3));
  return { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString() };
};
const FIVE: MakeupSlots = { slots: [slot(25, 8), slot(25, 11), slot(26, 8), slot(26, 11), slot(27, 8)] };

/**
 * Upcoming Events' calls for the session; GET …/makeup-slots answered by `slots` in turn (the last
 * one again), POST …/makeup by `book`.
 */
function stubDay(
  claims: Record<string, unknown>,
  slots: (() => Response)[],
  book: (body: unknown) => Response = (body) =>
    json(201, { id: 900, eventId: 12, ...(body as object), endsAt: '', makeupOf: { occurrenceId: 501, guestId: 22 } }),
  day: () => EventOccurrence = session,
) {
  let reads = 0;
  return stubOccurrenceDay(claims, day, (url, init) => {
    if (url.startsWith('/api/event-occurrences/501/makeup-slots?'))
      return slots[Math.min(reads++, slots.length - 1)]!();
    if (url === '/api/event-occurrences/501/makeup' && init?.method === 'POST') return book(bodyOf(init));
    return undefined;
  });
}

async function openMakeup(name = 'Book a make-up: Zeynep Kara') {
  await chooseRowMenuItem(/Take attendance|Yoklama al/);
  const marking = await screen.findByTestId('attendance-marking');
  // The make-up button is the make-up feature's widget, which loads after the marking's own code.
  await userEvent.click(await within(marking).findByRole('button', { name }));
  return screen.findByTestId('makeup-panel');
}

beforeAll(openDialogsInPlace);
startEachTestAt('2026-11-24T09:00:00.000Z');

describe('Book a make-up', { timeout: 30_000 }, () => {
  it('shows three proposals, more on request, and books one in one click', async () => {
    const api = stubDay(adminClaims, [() => json(200, FIVE)]);
    renderApp('/upcoming-events?date=2026-11-24');
    const panel = await openMakeup();
    expect(within(panel).getByRole('heading').textContent).toBe(
      'Free times for Zeynep Kara’s make-up (Europe/Istanbul)',
    );
    const proposals = await within(panel).findByTestId('makeup-proposals');
    expect(
      within(proposals)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Book Wed 25/11 08:00–09:00', 'Book Wed 25/11 11:00–12:00', 'Book Thu 26/11 08:00–09:00']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Show more times' }));
    expect(within(proposals).getAllByRole('button')).toHaveLength(5);
    // Ali came: nothing to make up.
    expect(screen.queryByRole('button', { name: 'Book a make-up: Ali Demir' })).toBeNull();

    await userEvent.click(within(proposals).getByRole('button', { name: 'Book Thu 26/11 11:00–12:00' }));
    expect(
      await screen.findByText('Make-up booked for Zeynep Kara: Thu 26/11 11:00–12:00 (Europe/Istanbul)'),
    ).toBeTruthy();
    const posts = api.calls().filter((call) => call.url.endsWith('/makeup'));
    expect(posts.map((call) => [call.url, bodyOf(call.init)])).toEqual([
      ['/api/event-occurrences/501/makeup', { guestId: 22, startsAt: slot(26, 11).startsAt }],
    ]);
    await waitFor(() => expect(screen.queryByTestId('makeup-panel')).toBeNull());
    // The lists read afresh.
    await waitFor(() =>
      expect(api.calls().filter((call) => call.url.startsWith('/api/event-occurrences?')).length).toBeGreaterThan(1),
    );
  });

  it('shows a booked make-up’s time instead of offering another', async () => {
    const withMakeup = (): EventOccurrence => {
      const day = session();
      const booked = { ...zeynep, makeup: { occurrenceId: 900, startsAt: slot(26, 11).startsAt } };
      return { ...day, guests: [ali, booked] };
    };
    stubDay(adminClaims, [() => json(200, FIVE)], undefined, withMakeup);
    renderApp('/upcoming-events?date=2026-11-24');
    await chooseRowMenuItem('Take attendance');
    const marking = await screen.findByTestId('attendance-marking');
    expect(within(marking).getByTestId('makeup-booked').textContent).toBe(
      'Make-up booked: 26/11/2026 11:00 (Europe/Istanbul)',
    );
    expect(within(marking).queryByRole('button', { name: /Book a make-up/ })).toBeNull();
  });

  it('says so when there is no free time', async () => {
    stubDay(adminClaims, [() => json(200, { slots: [] })]);
    renderApp('/upcoming-events?date=2026-11-24');
    const panel = await openMakeup();
    expect((await within(panel).findByTestId('makeup-empty')).textContent).toBe('No free time in the next 14 days');
  });

  it('brings fresh proposals with a word on why when the time was taken meanwhile (409)', async () => {
    stubDay(adminClaims, [() => json(200, FIVE), () => json(200, { slots: [slot(25, 11), slot(26, 8)] })], () =>
      json(409, { message: 'This time is no longer free: choose another proposal', code: 'makeup.slotTaken' }),
    );
    renderApp('/upcoming-events?date=2026-11-24');
    const panel = await openMakeup();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Book Wed 25/11 08:00–09:00' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'That time was just taken. Here are fresh proposals.',
    );
    await waitFor(() =>
      expect(
        within(within(panel).getByTestId('makeup-proposals'))
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Book Wed 25/11 11:00–12:00', 'Book Thu 26/11 08:00–09:00']),
    );
  });

  it('shows a failed load with its reason and tries again, in Turkish', async () => {
    await loadLanguage('tr');
    stubDay(adminClaims, [
      () => json(400, { message: 'guestId must be an id', code: 'makeup.guestRequired' }),
      () => json(200, FIVE),
    ]);
    renderApp('/upcoming-events?date=2026-11-24');
    const panel = await openMakeup('Telafi ayarla: Zeynep Kara');
    expect((await within(panel).findByRole('alert')).textContent).toContain(
      'Boş saatler yüklenemedi: guestId bir kimlik olmalıdır',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Tekrar dene' }));
    expect(await within(panel).findByRole('button', { name: 'Çar 25/11 08:00–09:00 ayarla' })).toBeTruthy();
  });

  it('is offered to the session’s organiser, not to another editor', async () => {
    stubDay({ ...editorClaims, sub: '7' }, [() => json(200, FIVE)]);
    renderApp('/upcoming-events?date=2026-11-24');
    expect(await openMakeup()).toBeTruthy();
  });

  it('is not offered to an editor who does not organise the session', async () => {
    stubDay(editorClaims, [() => json(200, FIVE)]);
    renderApp('/upcoming-events?date=2026-11-24');
    const [menu] = await screen.findAllByTestId('row-menu-button');
    await userEvent.click(menu!);
    await screen.findAllByRole('menuitem');
    expect(screen.queryByRole('button', { name: /Book a make-up/ })).toBeNull();
  });
});
