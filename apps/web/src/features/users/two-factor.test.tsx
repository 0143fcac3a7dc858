import { configure, screen, waitFor, within } from '@testing-library/react';
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
  language: 'en',
  groups: [],
  groupIds: [],
  messageGroup: null,
  messageGroupId: null,
  twoFactorEnabled: false,
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);

// The screens load lazily: allow for a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

/** My Profile's two-factor panel. */
const panel = async () => within(await screen.findByTestId('two-factor'));

describe('My Profile: two-factor sign-in', { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sets it up: the QR code and the key, a code from the app, the recovery codes once (copied), then on', async () => {
    let enabled = false;
    const api = stubApi(editorClaims, (url, init) => {
      if (url === '/api/users/2') return json(200, { ...editor, twoFactorEnabled: enabled });
      if (url === '/api/users/2/two-factor/setup') {
        return json(200, { secret: SECRET, otpauthUrl: `otpauth://totp/Ritim:editor?secret=${SECRET}&issuer=Ritim` });
      }
      if (url === '/api/users/2/two-factor/enable') {
        enabled = bodyOf(init).code === '123456';
        return enabled ? json(200, { recoveryCodes: RECOVERY_CODES }) : json(400, { message: 'The code is not valid' });
      }
      return undefined;
    });
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/users/2/my-profile');

    const twoFactor = await panel();
    expect(twoFactor.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(twoFactor.getByText('Turned off')).toBeTruthy();
    expect(twoFactor.getByText('You sign in with your password only.')).toBeTruthy();
    await userEvent.click(twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }));

    // The QR code is the otpauth link drawn by the qrcode library.
    const qr = await twoFactor.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    const svg = decodeURIComponent(qr.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).toContain('<path');
    expect(twoFactor.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = twoFactor.getByLabelText('Code from the app');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    // Not six digits: said here, nothing sent.
    await userEvent.type(code, '12345');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    expect(await twoFactor.findByText('Code must be 6 digits')).toBeTruthy();
    expect(api.calls().some((call) => call.url.endsWith('/enable'))).toBe(false);

    // A wrong code: the server's reason under the field, which is emptied.
    await userEvent.clear(code);
    await userEvent.type(code, '654 321');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    expect(await twoFactor.findByText('The code is not valid')).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(code, '123 456');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    const heading = await twoFactor.findByRole('heading', { name: 'Your recovery codes' });
    expect(document.activeElement).toBe(heading);
    const list = twoFactor.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(await screen.findByText('Two-factor sign-in is on')).toBeTruthy();
    const enables = api.calls().filter((call) => call.url === '/api/users/2/two-factor/enable');
    expect(enables.map((call) => bodyOf(call.init))).toEqual([{ code: '654321' }, { code: '123456' }]);

    await userEvent.click(twoFactor.getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenCalledWith(RECOVERY_CODES.join('\n'));
    expect(await screen.findByText('Recovery codes copied')).toBeTruthy();

    // Once saved, the codes are gone for good and the panel says it is on.
    await userEvent.click(twoFactor.getByRole('button', { name: 'I have saved them' }));
    expect(await twoFactor.findByText('Turned on')).toBeTruthy();
    expect(twoFactor.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeTruthy();
  });

  it('says so when the codes cannot be copied', async () => {
    stubApi(editorClaims, (url) => {
      if (url === '/api/users/2') return json(200, editor);
      if (url === '/api/users/2/two-factor/setup') return json(200, { secret: SECRET, otpauthUrl: 'otpauth://totp/x' });
      if (url === '/api/users/2/two-factor/enable') return json(200, { recoveryCodes: RECOVERY_CODES });
      return undefined;
    });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    renderApp('/users/2/my-profile');
    const twoFactor = await panel();
    await userEvent.click(twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.type(await twoFactor.findByLabelText('Code from the app'), '123456');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn on' }));
    await userEvent.click(await twoFactor.findByRole('button', { name: 'Copy the codes' }));
    expect(await screen.findByText('The codes could not be copied; select them and copy them yourself')).toBeTruthy();
  });

  it('cancels a set-up and shows the reason when one cannot start', async () => {
    let setups = 0;
    stubApi(editorClaims, (url) => {
      if (url === '/api/users/2') return json(200, editor);
      if (url === '/api/users/2/two-factor/setup') {
        setups += 1;
        return setups === 1
          ? json(200, { secret: SECRET, otpauthUrl: 'otpauth://totp/x' })
          : json(409, { message: 'Two-factor sign-in is already on' });
      }
      return undefined;
    });
    renderApp('/users/2/my-profile');
    const twoFactor = await panel();
    await userEvent.click(twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await userEvent.click(await twoFactor.findByRole('button', { name: 'Cancel' }));
    const off = await twoFactor.findByText('You sign in with your password only.');
    expect(document.activeElement).toBe(off);
    expect(twoFactor.queryByTestId('two-factor-secret')).toBeNull();

    await userEvent.click(twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(
      await screen.findByText('Two-factor sign-in could not be set up: Two-factor sign-in is already on'),
    ).toBeTruthy();
  });

  it('turns it off with your password: required, refused when wrong, then off', async () => {
    let enabled = true;
    const api = stubApi(editorClaims, (url, init) => {
      if (url === '/api/users/2') return json(200, { ...editor, twoFactorEnabled: enabled });
      if (url === '/api/users/2/two-factor/disable') {
        if (bodyOf(init).password !== 'right-password') return json(400, { message: 'Password is not correct' });
        enabled = false;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderApp('/users/2/my-profile');
    const twoFactor = await panel();
    expect(await twoFactor.findByText('Turned on')).toBeTruthy();
    const password = twoFactor.getByLabelText('Password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    const turnOff = twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' });

    await userEvent.click(turnOff);
    expect(await twoFactor.findByText('Password is required')).toBeTruthy();
    expect(api.calls().some((call) => call.url.endsWith('/disable'))).toBe(false);

    await userEvent.type(password, 'wrong-password');
    await userEvent.click(turnOff);
    expect(await twoFactor.findByText('Password is not correct')).toBeTruthy();

    await userEvent.clear(password);
    await userEvent.type(password, 'right-password');
    await userEvent.click(turnOff);
    expect(await screen.findByText('Two-factor sign-in is off')).toBeTruthy();
    expect(await twoFactor.findByText('Turned off')).toBeTruthy();
    expect(twoFactor.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    const disables = api.calls().filter((call) => call.url === '/api/users/2/two-factor/disable');
    expect(disables.map((call) => [call.init?.method, bodyOf(call.init)])).toEqual([
      ['POST', { password: 'wrong-password' }],
      ['POST', { password: 'right-password' }],
    ]);
  });
  it('says under the password when to try again after too many wrong ones', async () => {
    stubApi(editorClaims, (url) => {
      if (url === '/api/users/2') return json(200, { ...editor, twoFactorEnabled: true });
      if (url === '/api/users/2/two-factor/disable') {
        return json(429, {
          code: 'throttle.tooManyAttempts',
          message: 'Too many failed attempts. Try again in 1 minute.',
          values: { minutes: 1 },
        });
      }
      return undefined;
    });
    renderApp('/users/2/my-profile');
    const twoFactor = await panel();
    const password = await twoFactor.findByLabelText('Password');
    await userEvent.type(password, 'right-password');
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await twoFactor.findByText('Too many failed attempts. Try again in 1 minute.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
  });
});

describe("a user's page: two-factor sign-in (admins)", { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const stubUsers = (users: Record<number, typeof editor>) =>
    stubApi(adminClaims, (url, init) => {
      const disable = /^\/api\/users\/(\d+)\/two-factor\/disable$/.exec(url);
      if (disable) {
        users[Number(disable[1])]!.twoFactorEnabled = false;
        expect(init?.body).toBeUndefined();
        return new Response(null, { status: 204 });
      }
      const user = /^\/api\/users\/(\d+)$/.exec(url);
      if (user) return json(200, users[Number(user[1])]);
      if (url.startsWith('/api/groups') || url.startsWith('/api/message-groups')) {
        return json(200, { groups: [], messageGroups: [], totalCount: 0 });
      }
      return undefined;
    });

  it("turns off another user's after a confirmation, with no password", async () => {
    const api = stubUsers({ 5: { ...editor, id: 5, username: 'cem', twoFactorEnabled: true } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp('/users/5/edit');
    const twoFactor = await panel();
    expect(
      await twoFactor.findByText('cem signs in with a password and a code from an authenticator app.'),
    ).toBeTruthy();
    expect(twoFactor.getByText('Turned on')).toBeTruthy();

    // Declined: nothing sent.
    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(api.calls().some((call) => call.url.endsWith('/disable'))).toBe(false);

    await userEvent.click(twoFactor.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Turn off two-factor sign-in for cem? They sign in with their password only until they set it up again.',
    );
    expect(await screen.findByText('Two-factor sign-in turned off for cem')).toBeTruthy();
    expect(await twoFactor.findByText(/^cem signs in with a password only\./)).toBeTruthy();
    expect(twoFactor.getByText('Turned off')).toBeTruthy();
    expect(twoFactor.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull();
    await waitFor(() =>
      expect(api.calls().filter((call) => call.url === '/api/users/5/two-factor/disable')).toHaveLength(1),
    );
  });

  it('sends an admin to My Profile for their own', async () => {
    stubUsers({ 1: { ...editor, id: 1, username: 'admin', role: 'admin', twoFactorEnabled: true } });
    renderApp('/users/1/edit');
    const twoFactor = await panel();
    expect(await twoFactor.findByText('Yours is on My Profile.')).toBeTruthy();
    expect(twoFactor.getByRole('link', { name: 'Open my profile' }).getAttribute('href')).toBe('/users/1/my-profile');
    expect(twoFactor.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull();
  });

  it('shows nothing of it on a new user', async () => {
    stubUsers({});
    renderApp('/users/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create User' })).toBeTruthy();
    expect(screen.queryByTestId('two-factor')).toBeNull();
  });
});
