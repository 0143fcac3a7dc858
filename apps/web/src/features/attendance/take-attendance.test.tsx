import type { EventOccurrence } from '@ritim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, startEachTestAt } from '../../test/app';
import { openDialogsInPlace } from '../../test/dialog';
import { bodyOf, json } from '../../test/http';
import { chooseRowMenuItem, choirOccurrence, occurrenceGuest, stubOccurrenceDay } from '../../test/occurrences';
import { adminClaims, editorClaims } from '../../test/tokens';

const ali = occurrenceGuest(21, 'Ali', 'Demir');
const zeynep = occurrenceGuest(22, 'Zeynep', 'Kara', 'excused');

/** The choir's session (test/occurrences.ts) with Ali and Zeynep, who is excused. */
const session = (overrides: Partial<EventOccurrence> = {}) =>
  choirOccurrence([ali, zeynep], {
    attendance: [
      {
        guestId: 22,
        status: 'excused',
        note: 'Ill',
        markedBy: { id: 7, name: 'Ayşe Yılmaz' },
        markedAt: '2026-11-23T10:00:00.000Z',
      },
    ],
    ...overrides,
  });

/** The day with one session, and PUT …/attendance answered by `mark`. */
const stubDay = (claims: Record<string, unknown>, occurrence: EventOccurrence, mark?: (body: unknown) => Response) =>
  stubOccurrenceDay(
    claims,
    () => occurrence,
    (url, init) =>
      url === `/api/event-occurrences/${occurrence.id}/attendance` && init?.method === 'PUT'
        ? mark?.(bodyOf(init))
        : undefined,
  );

/** The marks the list's badges show, in order. */
const badgesIn = (table: HTMLElement) =>
  within(table)
    .getAllByTestId('attendance-badge')
    .map((badge) => badge.textContent);

async function openMarking() {
  await chooseRowMenuItem('Take attendance');
  return screen.findByTestId('attendance-marking');
}

beforeAll(openDialogsInPlace);
// 11:00 in Istanbul on 24/11/2026: the session started an hour ago.
startEachTestAt('2026-11-24T08:00:00.000Z');

describe('Take attendance', { timeout: 30_000 }, () => {
  it('marks everyone present, one guest absent with a note, and saves the changes in one PUT', async () => {
    const puts: unknown[] = [];
    stubDay(adminClaims, session(), (body) => {
      puts.push(body);
      return json(200, { attendance: [] });
    });
    renderApp('/upcoming-events?date=2026-11-24');
    const marking = await openMarking();
    const dialog = screen.getByTestId('attendance-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Attendance: Choir practice' })).toBeTruthy();
    // Each guest is a labelled group of six radio buttons; Zeynep's mark and who made it show.
    const zeynepGroup = within(marking).getByRole('group', { name: 'Zeynep Kara' });
    expect(within(zeynepGroup).getByRole<HTMLInputElement>('radio', { name: 'Excused' }).checked).toBe(true);
    expect(within(zeynepGroup).getAllByRole('radio')).toHaveLength(6);
    expect(within(marking).getByText('Marked by Ayşe Yılmaz')).toBeTruthy();
    expect(within(marking).getByRole<HTMLButtonElement>('button', { name: 'Save attendance' }).disabled).toBe(true);

    await userEvent.click(within(marking).getByRole('button', { name: 'Everyone present' }));
    const aliGroup = within(marking).getByRole('group', { name: 'Ali Demir' });
    expect(within(aliGroup).getByRole<HTMLInputElement>('radio', { name: 'Present' }).checked).toBe(true);
    await userEvent.click(within(aliGroup).getByRole('radio', { name: 'Absent' }));
    await userEvent.click(within(marking).getByRole('button', { name: 'Add a note: Ali Demir' }));
    await userEvent.type(within(marking).getByLabelText('Note about Ali Demir (optional)'), 'Called in sick');
    expect(within(marking).getByText('2 changes to save.')).toBeTruthy();
    await userEvent.click(within(marking).getByRole('button', { name: 'Save attendance' }));

    expect(await screen.findByText('Attendance saved')).toBeTruthy();
    expect(puts).toEqual([
      {
        entries: [
          { guestId: 21, status: 'absent', note: 'Called in sick' },
          { guestId: 22, status: 'present', note: 'Ill' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('attendance-dialog')).toBeNull());
  });

  it('allows only Cancelled and Excused before the session starts, and says why', async () => {
    vi.setSystemTime(new Date('2026-11-24T06:00:00.000Z'));
    stubDay(adminClaims, session());
    renderApp('/upcoming-events?date=2026-11-24');
    const marking = await openMarking();
    expect(within(marking).getByTestId('attendance-ahead').textContent).toBe(
      'The session has not started yet: only Cancelled and Excused can be marked ahead.',
    );
    const aliGroup = within(marking).getByRole('group', { name: 'Ali Demir' });
    const enabled = within(aliGroup)
      .getAllByRole<HTMLInputElement>('radio')
      .filter((radio) => !radio.disabled)
      .map((radio) => radio.value);
    expect(enabled).toEqual(['excused', 'cancelled']);
    expect(within(marking).getByRole<HTMLButtonElement>('button', { name: 'Everyone present' }).disabled).toBe(true);
  });

  it('shows the server’s refusal in the user’s language and keeps the marks chosen', async () => {
    await loadLanguage('tr');
    stubDay(adminClaims, session(), () =>
      json(409, {
        message: 'The session has not started: only cancelled and excused can be marked ahead',
        code: 'attendance.notStarted',
      }),
    );
    renderApp('/upcoming-events?date=2026-11-24');
    const [menu] = await screen.findAllByTestId('row-menu-button');
    await userEvent.click(menu!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Yoklama al' }));
    const marking = await screen.findByTestId('attendance-marking');
    const aliGroup = within(marking).getByRole('group', { name: 'Ali Demir' });
    await userEvent.click(within(aliGroup).getByRole('radio', { name: 'Geldi' }));
    await userEvent.click(within(marking).getByRole('button', { name: 'Yoklamayı kaydet' }));
    expect((await within(marking).findByRole('alert')).textContent).toBe(
      'Yoklama kaydedilemedi: Oturum başlamadı: önceden yalnızca iptal ve mazeret işaretlenebilir',
    );
    expect(within(aliGroup).getByRole<HTMLInputElement>('radio', { name: 'Geldi' }).checked).toBe(true);
  });

  it('is offered to the session’s organiser, not to another editor', async () => {
    stubDay({ ...editorClaims, sub: '7' }, session());
    renderApp('/upcoming-events?date=2026-11-24');
    const [menu] = await screen.findAllByTestId('row-menu-button');
    await userEvent.click(menu!);
    expect(await screen.findByRole('menuitem', { name: 'Take attendance' })).toBeTruthy();
  });

  it('is not offered to an editor who does not organise the session', async () => {
    stubDay(editorClaims, session());
    renderApp('/upcoming-events?date=2026-11-24');
    const [menu] = await screen.findAllByTestId('row-menu-button');
    await userEvent.click(menu!);
    await screen.findAllByRole('menuitem');
    expect(screen.queryByRole('menuitem', { name: 'Take attendance' })).toBeNull();
  });

  it('shows a guest’s own answer beside the mark staff set, which stays chosen', async () => {
    stubDay(adminClaims, session({ guests: [ali, { ...zeynep, rsvp: 'no' }] }));
    renderApp('/upcoming-events?date=2026-11-24');
    const marking = await openMarking();
    const cards = within(marking).getAllByTestId('attendance-guest');
    expect(within(cards[1]!).getByTestId('rsvp-badge').textContent).toBe('Said no');
    expect(within(cards[0]!).queryByTestId('rsvp-badge')).toBeNull();
    const zeynepGroup = within(marking).getByRole('group', { name: 'Zeynep Kara' });
    expect(within(zeynepGroup).getByRole<HTMLInputElement>('radio', { name: 'Excused' }).checked).toBe(true);
  });

  it('puts the saved marks into the list’s row without reading the day again', async () => {
    const saved = {
      guestId: 21,
      status: 'absent' as const,
      note: null,
      markedBy: { id: 7, name: 'Ayşe Yılmaz' },
      markedAt: '2026-11-24T08:00:00.000Z',
    };
    const api = stubDay(adminClaims, session(), () => json(200, { attendance: [saved, session().attendance[0]!] }));
    renderApp('/upcoming-events?date=2026-11-24');
    const marking = await openMarking();
    const listReads = () => api.calls().filter(({ url }) => url.startsWith('/api/event-occurrences?')).length;
    const readsBefore = listReads();
    await userEvent.click(
      within(within(marking).getByRole('group', { name: 'Ali Demir' })).getByRole('radio', { name: 'Absent' }),
    );
    await userEvent.click(within(marking).getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Attendance saved')).toBeTruthy();

    // The server's answer is the row's marks now: Ali's absence shows beside Zeynep's excuse.
    const table = await screen.findByTestId('list-table');
    await waitFor(() => expect(badgesIn(table)).toEqual(['Absent', 'Excused']));
    expect(listReads()).toBe(readsBefore);
  });

  it('shows each guest’s mark beside their name in the list', async () => {
    stubDay(adminClaims, session());
    renderApp('/upcoming-events?date=2026-11-24');
    const table = await screen.findByTestId('list-table');
    await waitFor(() => expect(badgesIn(table)).toEqual(['Excused']));
  });
});
