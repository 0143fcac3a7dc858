import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, startEachTestAt, stubApi } from '../../test/app';
import { bodyOf, json } from '../../test/http';
import { adminClaims, editorClaims } from '../../test/tokens';

const editor = {
  id: 2,
  username: 'editor',
  role: 'editor',
  status: 'active',
  name: 'Editor',
  surname: 'Tester',
  email: null,
  phone: null,
  address: null,
  timezone: 'Europe/London',
  language: 'en',
  groups: [],
  groupIds: [],
  messageGroup: null,
  messageGroupId: null,
  twoFactorEnabled: false,
};

startEachTestAt('2026-12-02T09:00:00Z');

describe('Working hours', { timeout: 30_000 }, () => {
  it('an editor edits their week on My Profile: what the server would refuse is said in place, then the week is saved', async () => {
    const puts: Record<string, unknown>[] = [];
    stubApi(editorClaims, (url, init) => {
      if (url === '/api/users/2/availability' && init?.method === 'PUT') {
        const body = bodyOf(init);
        puts.push(body);
        return json(200, { timezone: 'Europe/London', ...body });
      }
      if (url === '/api/users/2/availability')
        return json(200, { timezone: 'Europe/London', weekly: [{ day: 'MO', from: '09:00', to: '12:00' }] });
      if (url === '/api/users/2') return json(200, editor);
      return undefined;
    });
    renderApp('/users/2/my-profile');
    const panel = await screen.findByRole('region', { name: 'Working hours' });
    const monday = await within(panel).findByRole('group', { name: 'Monday' });
    expect(within(panel).getByText(/The week in Europe\/London/)).toBeTruthy();
    expect(within(monday).getByLabelText<HTMLInputElement>('Monday from').value).toBe('09:00');
    expect(within(within(panel).getByRole('group', { name: 'Tuesday' })).getByText('No hours')).toBeTruthy();

    // A second Monday interval starts where the first ends; moved into the first, both say they overlap.
    await userEvent.click(within(monday).getByRole('button', { name: 'Add hours on Monday' }));
    const froms = within(monday).getAllByLabelText<HTMLInputElement>('Monday from');
    const tos = within(monday).getAllByLabelText<HTMLInputElement>('Monday to');
    expect([froms[1]!.value, tos[1]!.value]).toEqual(['12:00', '13:00']);
    fireEvent.change(froms[1]!, { target: { value: '11:00' } });
    expect(within(monday).getAllByText('Two intervals of the same day overlap')).toHaveLength(2);
    expect(froms[0]!.getAttribute('aria-invalid')).toBe('true');

    // An end before the start is said under it; Save sends nothing then and goes to the first wrong time.
    fireEvent.change(froms[1]!, { target: { value: '14:00' } });
    expect(within(monday).getByText('Each interval’s from must be before its to')).toBeTruthy();
    expect(within(monday).queryByText('Two intervals of the same day overlap')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save working hours' }));
    expect(puts).toEqual([]);
    expect(document.activeElement).toBe(froms[1]);

    // Fixed (an end of 00:00 is the day's end), an interval on Friday added, the first removed: saved.
    fireEvent.change(tos[1]!, { target: { value: '00:00' } });
    expect(within(monday).queryByText('Each interval’s from must be before its to')).toBeNull();
    const friday = within(panel).getByRole('group', { name: 'Friday' });
    await userEvent.click(within(friday).getByRole('button', { name: 'Add hours on Friday' }));
    await userEvent.click(within(monday).getByRole('button', { name: 'Remove Monday 09:00–12:00' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save working hours' }));
    expect(await screen.findByText('Working hours saved')).toBeTruthy();
    expect(puts).toEqual([
      {
        weekly: [
          { day: 'MO', from: '14:00', to: '24:00' },
          { day: 'FR', from: '09:00', to: '17:00' },
        ],
      },
    ]);
    expect(within(monday).getByLabelText<HTMLInputElement>('Monday to').value).toBe('00:00');
  });

  it('an admin sees an editor’s working hours on their edit page; a refusal is shown and nothing typed is lost', async () => {
    stubApi(adminClaims, (url, init) => {
      if (url === '/api/users/2/availability' && init?.method === 'PUT')
        return json(400, { message: 'Two intervals of the same day overlap' });
      if (url === '/api/users/2/availability') return json(200, { timezone: 'Europe/London', weekly: [] });
      if (url === '/api/users/2') return json(200, editor);
      if (url.startsWith('/api/groups') || url.startsWith('/api/message-groups'))
        return json(200, { groups: [], messageGroups: [], totalCount: 0 });
      return undefined;
    });
    renderApp('/users/2/edit');
    const panel = await screen.findByRole('region', { name: 'Working hours' }, { timeout: 10_000 });
    const sunday = await within(panel).findByRole('group', { name: 'Sunday' });
    await userEvent.click(within(sunday).getByRole('button', { name: 'Add hours on Sunday' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save working hours' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('Two intervals of the same day overlap');
    expect(within(sunday).getByLabelText<HTMLInputElement>('Sunday from').value).toBe('09:00');
  });

  it('says when the working hours could not be loaded', async () => {
    stubApi(editorClaims, (url) => {
      if (url === '/api/users/2/availability') return json(500, { message: 'Database unavailable' });
      if (url === '/api/users/2') return json(200, editor);
      return undefined;
    });
    renderApp('/users/2/my-profile');
    const panel = await screen.findByRole('region', { name: 'Working hours' });
    expect((await within(panel).findByRole('alert')).textContent).toBe('Database unavailable');
  });
});
