import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { historyRow } from '../../test/audit-logs';
import { bodyOf, json } from '../../test/http';
import { adminClaims, editorClaims, guestClaims } from '../../test/tokens';

const ayse = {
  id: 7,
  username: 'ayse',
  role: 'editor',
  status: 'active',
  name: 'Ayşe',
  surname: 'Yılmaz',
  email: 'ayse@example.com',
  phone: null,
  address: null,
  timezone: 'Europe/London',
  groups: [
    { id: 2, name: 'Band' },
    { id: 9, name: 'Old choir' },
  ],
  groupIds: [2, 9],
  messageGroup: { id: 4, name: 'Parents chat' },
  messageGroupId: 4,
};
const groups = {
  groups: [
    { id: 1, name: 'Choir' },
    { id: 2, name: 'Band' },
  ],
  totalCount: 2,
};
const messageGroups = {
  messageGroups: [
    { id: 4, name: 'Parents chat' },
    { id: 5, name: 'Coaches' },
  ],
  totalCount: 2,
};

/** Answers the choice lists of the user form. */
const choices = (url: string) => {
  if (url === '/api/groups?limit=1000') return json(200, groups);
  if (url === '/api/message-groups?limit=1000') return json(200, messageGroups);
  return undefined;
};

// These screens load lazily and the form has many fields: allow for a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('Users list', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => vi.unstubAllGlobals());

  it('shows Id, Name, Surname, Username, Role, Groups (names joined) and Status, sorted as chosen', async () => {
    const api = stubApi(adminClaims, (url) =>
      url.startsWith('/api/users?') ? json(200, { users: [ayse], totalCount: 1 }) : undefined,
    );
    const router = renderApp('/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    const table = await screen.findByTestId('list-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Id', 'Name', 'Surname', 'Username', 'Role', 'Groups', 'Status', 'Actions']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['7', 'Ayşe', 'Yılmaz', 'ayse', 'Editor', 'Band, Old choir', 'Active', expect.any(String)]);
    expect(screen.getByRole('link', { name: 'Create users' }).getAttribute('href')).toBe('/users/create');

    const sort = screen.getByTestId('list-sort');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sort by id', 'Sort by username']);
    await userEvent.selectOptions(sort, 'username');
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=username'));
    await waitFor(() =>
      expect(api.calls().some((call) => call.url === '/api/users?limit=50&offset=0&sort=username')).toBe(true),
    );
  });

  it.each([
    ['an editor', editorClaims],
    ['a guest', guestClaims],
  ])('shows %s Access denied and asks the API for nothing', async (_, claims) => {
    const api = stubApi(claims, () => undefined);
    renderApp('/users/create');
    expect(await screen.findByTestId('access-denied')).toBeTruthy();
    expect(api.calls().some((call) => call.url.startsWith('/api/users'))).toBe(false);
  });

  it('keeps My profile open to a guest: the admin-only users section does not swallow it', async () => {
    stubApi(guestClaims, (url) =>
      url === '/api/users/3' ? json(200, { ...ayse, id: 3, username: 'guest', role: 'guest' }) : undefined,
    );
    renderApp('/users/3/my-profile');
    expect(await screen.findByRole('button', { name: 'Update My Profile' })).toBeTruthy();
    expect(screen.queryByTestId('access-denied')).toBeNull();
  });
});

describe('User form', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => vi.unstubAllGlobals());

  it('creates a user with trimmed text, the chosen groups and message group, and returns to the list', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/users' && init?.method === 'POST') return json(201, { ...ayse, ...bodyOf(init), id: 8 });
      if (url.startsWith('/api/users?')) return json(200, { users: [], totalCount: 0 });
      return choices(url);
    });
    const router = renderApp('/users/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create User' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Timezone').value).toBe('Europe/Istanbul');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('active');
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Username'), '  mehmet  ');
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.type(screen.getByLabelText('Name'), ' Mehmet ');
    await userEvent.type(screen.getByLabelText('Phone'), '+90 (555) 010-20-30');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'editor');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choir' }));
    await userEvent.selectOptions(await screen.findByLabelText('Message Group'), 'Coaches');
    await userEvent.selectOptions(screen.getByLabelText('Timezone'), 'Europe/London');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('User created successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    const post = api.calls().find((call) => call.url === '/api/users' && call.init?.method === 'POST');
    expect(bodyOf(post?.init)).toEqual({
      language: 'en',
      username: 'mehmet',
      password: 'a-good-password',
      name: 'Mehmet',
      surname: null,
      email: null,
      phone: '+90 (555) 010-20-30',
      address: null,
      role: 'editor',
      groupIds: [1],
      messageGroupId: 5,
      timezone: 'Europe/London',
      status: 'active',
    });
  });

  it("refuses a blank username with 'Username must be a non-empty string' and a missing password, sending nothing", async () => {
    const api = stubApi(adminClaims, choices);
    renderApp('/users/create');
    await userEvent.type(await screen.findByLabelText('Username'), '   ');
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Username must be a non-empty string')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls().some((call) => call.url.startsWith('/api/users'))).toBe(false);
  });

  it('edits a user: keeps an empty password out, keeps an archived group, and says the update worked', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/users/7' && init?.method === 'PATCH') return json(200, { ...ayse, ...bodyOf(init) });
      if (url === '/api/users/7') return json(200, ayse);
      if (url.startsWith('/api/users?')) return json(200, { users: [], totalCount: 0 });
      if (url.startsWith('/api/audit-logs?entityType=users&entityId=7&'))
        return json(200, { auditLogs: [historyRow('users', 7, 'ayse')], totalCount: 1 });
      return choices(url);
    });
    const router = renderApp('/users/7/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit User' })).toBeTruthy();
    const history = await screen.findByRole('region', { name: 'History' });
    expect((await within(history).findByTestId('audit-sentence')).textContent).toBe("admin created user 'ayse'");
    expect((await screen.findByLabelText<HTMLInputElement>('Username')).value).toBe('ayse');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect(screen.getByText(/Leave empty to keep the current password/)).toBeTruthy();
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Band' })).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Choir' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Old choir (archived)' }).checked).toBe(true);
    expect((await screen.findByLabelText<HTMLSelectElement>('Message Group')).value).toBe('4');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Band' }));
    await userEvent.selectOptions(screen.getByLabelText('Message Group'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));

    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    const patch = bodyOf(api.calls().find((call) => call.init?.method === 'PATCH')?.init);
    expect(patch).not.toHaveProperty('password');
    expect(patch).toMatchObject({ username: 'ayse', groupIds: [9], messageGroupId: null, timezone: 'Europe/London' });
  });

  it("shows 'Failed to fetch groups' when the groups cannot be fetched, and still saves the user's groups as they were", async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/users/7' && init?.method === 'PATCH') return json(200, { ...ayse, ...bodyOf(init) });
      if (url === '/api/users/7') return json(200, ayse);
      if (url === '/api/message-groups?limit=1000') return json(200, messageGroups);
      if (url.startsWith('/api/users?')) return json(200, { users: [], totalCount: 0 });
      return undefined;
    });
    renderApp('/users/7/edit');
    const alert = await screen.findByText('Failed to fetch groups: Route not found');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await screen.findByLabelText('Message Group');
    await userEvent.click(screen.getByRole('button', { name: 'Update User' }));
    // (The toast area may still hold the previous test's toast.)
    expect((await screen.findAllByText('User updated successfully')).length).toBeGreaterThan(0);
    const patch = bodyOf(api.calls().find((call) => call.init?.method === 'PATCH')?.init);
    expect(patch).toMatchObject({ groupIds: [2, 9], messageGroupId: 4 });
  });

  it("stays on the form with the server's reason when the save is refused", async () => {
    stubApi(adminClaims, (url, init) => {
      if (url === '/api/users' && init?.method === 'POST') return json(409, { message: 'Username is already taken' });
      return choices(url);
    });
    const router = renderApp('/users/create');
    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Username is already taken')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users/create');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('admin');
  });

  it("shows 'Failed to fetch user: {error}' for a user that does not exist", async () => {
    stubApi(adminClaims, (url) => (url === '/api/users/99' ? json(404, { message: 'User not found' }) : choices(url)));
    renderApp('/users/99/edit');
    expect((await screen.findAllByText('Failed to fetch user: User not found')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Update User' })).toBeNull();
  });
});
