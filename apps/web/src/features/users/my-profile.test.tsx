import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
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
  timezone: 'Europe/Istanbul',
  groups: [],
  groupIds: [],
  messageGroup: null,
  messageGroupId: null,
};

/** The JSON a stubbed call was sent. */
// The screen loads lazily: allow for a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('My Profile', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the user, sends the trimmed changes without an empty password and goes Home', async () => {
    const api = stubApi(editorClaims, (url, init) => {
      if (url === '/api/users/2/my-profile') {
        return json(200, { ...editor, ...bodyOf(init) });
      }
      if (url === '/api/users/2') return json(200, editor);
      return undefined;
    });
    const router = renderApp('/users/2/my-profile');

    const name = await screen.findByLabelText<HTMLInputElement>('Name');
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(document.title).toBe('My Profile · Ritim');
    expect(name.value).toBe('Editor');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('new-password');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Leave empty to keep your current password/)).toBeTruthy();

    await userEvent.clear(name);
    await userEvent.type(name, '  Ada  ');
    await userEvent.type(screen.getByLabelText('Phone'), ' +90 555 010 20 30 ');
    await userEvent.clear(screen.getByLabelText('Surname'));
    await userEvent.click(screen.getByRole('button', { name: 'Update My Profile' }));

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const patch = api.calls().find((call) => call.url === '/api/users/2/my-profile');
    expect(patch?.init?.method).toBe('PATCH');
    expect(bodyOf(patch?.init)).toEqual({
      language: 'en',
      name: 'Ada',
      surname: null,
      email: null,
      phone: '+90 555 010 20 30',
      address: null,
    });
  });

  it('refuses a bad email and a short password and sends nothing', async () => {
    const api = stubApi(editorClaims, (url) => (url === '/api/users/2' ? json(200, editor) : undefined));
    renderApp('/users/2/my-profile');

    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Update My Profile' }));

    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls().some((call) => call.url.endsWith('/my-profile'))).toBe(false);
  });

  it("keeps the user on the form with the server's reason when the save fails", async () => {
    stubApi(editorClaims, (url) => {
      if (url === '/api/users/2/my-profile') return json(403, { message: 'You can only change your own profile' });
      if (url === '/api/users/2') return json(200, editor);
      return undefined;
    });
    const router = renderApp('/users/2/my-profile');
    await userEvent.type(await screen.findByLabelText('Address'), 'Moda');
    await userEvent.click(screen.getByRole('button', { name: 'Update My Profile' }));

    expect(await screen.findByText('You can only change your own profile')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users/2/my-profile');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Address').value).toBe('Moda');
  });

  it("shows 'User ID is missing' and asks for nothing when the route's id is unusable", async () => {
    const api = stubApi(editorClaims, () => undefined);
    renderApp('/users/abc/my-profile');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('User ID is missing');
    expect(screen.queryByRole('button', { name: 'Update My Profile' })).toBeNull();
    expect(api.calls().some((call) => call.url.startsWith('/api/users'))).toBe(false);
  });

  it("shows the server's refusal when a non-admin opens someone else's profile", async () => {
    stubApi(editorClaims, (url) =>
      url === '/api/users/1' ? json(403, { message: 'You do not have permission to do this' }) : undefined,
    );
    renderApp('/users/1/my-profile');
    const texts = await screen.findAllByText('Failed to fetch user: You do not have permission to do this');
    expect(texts.length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'My Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update My Profile' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
  });

  it("does not offer an admin a form for someone else's profile, only a way to their own", async () => {
    stubApi(adminClaims, (url) => (url === '/api/users/2' ? json(200, editor) : undefined));
    renderApp('/users/2/my-profile');
    expect(await screen.findByText(/This is the profile of editor/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update My Profile' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open my profile' }).getAttribute('href')).toBe('/users/1/my-profile');
  });
});
