import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../auth/session-store';
import { loadLanguage } from '../../i18n';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { bodyOf, json } from '../../test/http';
import { adminClaims, editorClaims, fakeToken } from '../../test/tokens';

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
    const current = screen.getByLabelText<HTMLInputElement>('Current password');
    expect(current.value).toBe('');
    expect(current.type).toBe('password');
    expect(current.autocomplete).toBe('current-password');
    for (const label of ['New password', 'Confirm new password']) {
      const password = screen.getByLabelText<HTMLInputElement>(label);
      expect(password.value).toBe('');
      expect(password.type).toBe('password');
      expect(password.autocomplete).toBe('new-password');
    }
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toBeTruthy();
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
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Update My Profile' }));

    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls().some((call) => call.url.endsWith('/my-profile'))).toBe(false);
  });

  it('changes the password with the current one, typed twice, and goes on in the session the answer starts', async () => {
    const renewed = fakeToken({ ...editorClaims, exp: 4102444801 });
    const api = stubApi(editorClaims, (url, init) => {
      if (url === '/api/users/2/my-profile') return json(200, { ...editor, accessToken: renewed });
      if (url === '/api/users/2' && init?.method !== 'PATCH') return json(200, editor);
      return undefined;
    });
    const router = renderApp('/users/2/my-profile');
    await userEvent.type(await screen.findByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-2');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Update My Profile' }));

    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const patch = api.calls().find((call) => call.url === '/api/users/2/my-profile');
    expect(bodyOf(patch?.init)).toMatchObject({ password: 'new-password-2', currentPassword: 'old-password-1' });
    expect(bodyOf(patch?.init)).not.toHaveProperty('passwordConfirm');
    // Still signed in, with the new token: the old one is refused by the server from now on.
    expect(getAccessToken()).toBe(renewed);
  });

  it.each([
    ['typed differently the second time', 'old-password-1', 'new-password-3', 'The new passwords do not match'],
    ['without the current password', '', 'new-password-2', 'Current password is required to set a new one'],
  ])('refuses a new password %s and sends nothing', async (_, currentPassword, confirm, message) => {
    const api = stubApi(editorClaims, (url) => (url === '/api/users/2' ? json(200, editor) : undefined));
    renderApp('/users/2/my-profile');
    if (currentPassword) await userEvent.type(await screen.findByLabelText('Current password'), currentPassword);
    await userEvent.type(await screen.findByLabelText('New password'), 'new-password-2');
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Update My Profile' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls().some((call) => call.url.endsWith('/my-profile'))).toBe(false);
  });

  it.each([
    [
      'a wrong current password',
      json(400, { code: 'users.currentPasswordWrong', message: 'Current password is not correct' }),
      'Current password is not correct',
    ],
    [
      'too many wrong ones',
      json(429, {
        code: 'throttle.tooManyAttempts',
        message: 'Too many failed attempts. Try again in 12 minutes.',
        values: { minutes: 12 },
      }),
      'Too many failed attempts. Try again in 12 minutes.',
    ],
  ])('shows %s under Current password and keeps what was typed', async (_, answer, message) => {
    stubApi(editorClaims, (url) => {
      if (url === '/api/users/2/my-profile') return answer;
      if (url === '/api/users/2') return json(200, editor);
      return undefined;
    });
    const router = renderApp('/users/2/my-profile');
    await userEvent.type(await screen.findByLabelText('Current password'), 'a guess');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-2');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Update My Profile' }));

    const current = screen.getByLabelText<HTMLInputElement>('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/users/2/my-profile');
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('new-password-2');
  });

  it('says in Turkish when to try again', async () => {
    await loadLanguage('tr');
    try {
      stubApi(editorClaims, (url) => {
        if (url === '/api/users/2/my-profile') {
          return json(429, {
            code: 'throttle.tooManyAttempts',
            message: 'Too many failed attempts. Try again in 3 minutes.',
            values: { minutes: 3 },
          });
        }
        if (url === '/api/users/2') return json(200, editor);
        return undefined;
      });
      renderApp('/users/2/my-profile');
      await userEvent.type(await screen.findByLabelText('Mevcut parola'), 'a guess');
      await userEvent.type(screen.getByLabelText('Yeni parola'), 'new-password-2');
      await userEvent.type(screen.getByLabelText('Yeni parolayı doğrulayın'), 'new-password-2');
      await userEvent.click(screen.getByRole('button', { name: 'Profilimi Güncelle' }));
      expect(
        (await screen.findAllByText('Çok fazla başarısız deneme. 3 dakika sonra yeniden deneyin.')).length,
      ).toBeGreaterThan(0);
    } finally {
      await loadLanguage('en');
    }
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
