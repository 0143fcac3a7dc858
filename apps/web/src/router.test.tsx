import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from './auth/session-store';
import { renderApp, resetApp } from './test/app';
import { json, urlOf } from './test/http';
import { adminClaims, fakeToken } from './test/tokens';

const location = { id: 7, name: 'Main Hall', status: 'active', createdAt: '2025-01-01T10:00:00Z', user: null };

// The screens load lazily: allow for a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('routes', () => {
  beforeEach(resetApp);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeTruthy();
    expect(screen.getByText('Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
  });

  it('sends a visitor without a session to Sign In and, once signed in, back to the page asked for', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = urlOf(input);
      if (url === '/api/auth/refresh') return json(401, { message: 'Your session has expired. Please sign in again.' });
      if (url === '/api/auth/login') return json(200, { accessToken: fakeToken(adminClaims) });
      if (url.startsWith('/api/locations?')) return json(200, { locations: [location], totalCount: 1 });
      return json(404, { message: 'Route not found' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderApp('/locations?q=main');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Locations' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/locations?q=main');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('cell', { name: 'Main Hall' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).toContain('/api/locations?limit=50&offset=0&q=main');
  });

  it('sends a user whose token is refused and cannot be renewed (a password changed elsewhere) to Sign In, then back to the same page', async () => {
    const stale = fakeToken({ ...adminClaims, exp: 4102444800 });
    const fresh = fakeToken({ ...adminClaims, exp: 4102444801 });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = urlOf(input);
      // Every session ended: the refresh cookie is revoked, the old access token refused.
      if (url === '/api/auth/refresh') return json(401, { message: 'Your session has expired. Please sign in again.' });
      if (url === '/api/auth/login') return json(200, { accessToken: fresh });
      const authorization = new Headers(init?.headers).get('authorization');
      if (authorization !== `Bearer ${fresh}`) {
        return json(401, { code: 'common.sessionExpired', message: 'Your session has expired. Please sign in again.' });
      }
      if (url.startsWith('/api/locations?')) return json(200, { locations: [location], totalCount: 1 });
      return json(404, { message: 'Route not found' });
    });
    vi.stubGlobal('fetch', fetchMock);
    setAccessToken(stale);
    const router = renderApp('/locations?q=main');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText(/Your session has expired/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Locations' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/locations?q=main');
    expect(within(await screen.findByRole('table')).getByRole('cell', { name: 'Main Hall' })).toBeTruthy();
  });

  it('says under the form when to try again after too many failed sign-ins', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(429, {
          code: 'throttle.tooManyAttempts',
          message: 'Too many failed attempts. Try again in 15 minutes.',
          values: { minutes: 15 },
        }),
      ),
    );
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'right-at-last');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed attempts. Try again in 15 minutes.');
  });

  it("shows the server's message under the form when sign-in is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'Invalid username or password' })),
    );
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
  });

  it('does not send a sign-in without a username', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
