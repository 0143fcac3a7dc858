import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp } from '../../test/app';
import { bodyOf, json, urlOf } from '../../test/http';
import { adminClaims, fakeToken } from '../../test/tokens';

// The second step loads lazily: allow for a busy machine.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

const CHALLENGE = 'challenge-from-the-password-step';

/**
 * Stubs the API: no session yet, the password answers a challenge, and `secondStep` answers
 * POST /api/auth/login/two-factor. Returns the calls made.
 */
function stubSignIn(secondStep: (body: Record<string, unknown>) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url === '/api/auth/refresh') return json(401, { message: 'Your session has expired. Please sign in again.' });
    if (url === '/api/auth/login') return json(200, { twoFactorRequired: true, challenge: CHALLENGE });
    if (url === '/api/auth/login/two-factor') return secondStep(bodyOf(init));
    return json(404, { message: 'Route not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([input, init]) => ({ url: urlOf(input), body: bodyOf(init) }));
}

/** Sign In's first step; waits for the second step's code field. */
async function passPassword() {
  await userEvent.type(await screen.findByLabelText('Username'), 'admin');
  await userEvent.type(screen.getByLabelText('Password'), 'admin-pass-1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
  return screen.findByLabelText('Code');
}

const signedIn = () => json(200, { accessToken: fakeToken(adminClaims) });

describe("Sign In's second step (two-factor sign-in)", { timeout: 30_000 }, () => {
  beforeEach(resetApp);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the code after the password, checks its form, says when it is wrong, and signs in with the right one', async () => {
    const calls = stubSignIn(({ code }) =>
      code === '123456' ? signedIn() : json(401, { message: 'The code is not valid' }),
    );
    const router = renderApp('/login');
    const code = await passPassword();
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText('Enter the 6-digit code your authenticator app shows for Ritim.')).toBeTruthy();

    await userEvent.type(code, '12ab');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Code must be 6 digits')).toBeTruthy();
    expect(calls().some((call) => call.url === '/api/auth/login/two-factor')).toBe(false);

    await userEvent.clear(code);
    await userEvent.type(code, '654321{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('The code is not valid');
    expect((code as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/login');

    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      calls()
        .filter((call) => call.url === '/api/auth/login/two-factor')
        .map((call) => call.body),
    ).toEqual([
      { challenge: CHALLENGE, code: '654321' },
      { challenge: CHALLENGE, code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and goes back to the app code', async () => {
    const calls = stubSignIn(() => signedIn());
    const router = renderApp('/login');
    await passPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = await screen.findByLabelText('Recovery code');
    expect(document.activeElement).toBe(recovery);
    expect(screen.getByText('Enter one of the recovery codes you saved. Each code works once.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Recovery code is required')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Use a code from the app' }));
    expect(document.activeElement).toBe(await screen.findByLabelText('Code'));
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(await screen.findByLabelText('Recovery code'), ' abcde-fghij {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls().find((call) => call.url === '/api/auth/login/two-factor')?.body).toEqual({
      challenge: CHALLENGE,
      recoveryCode: 'abcde-fghij',
    });
  });

  it('goes back to the password with the reason when the sign-in expired, and on request', async () => {
    stubSignIn(() => json(401, { message: 'This sign-in has expired. Please sign in again.' }));
    renderApp('/login');
    await userEvent.type(await passPassword(), '123456{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in has expired. Please sign in again.');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('admin');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');

    await userEvent.type(screen.getByLabelText('Password'), 'admin-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the throttle refusal under the form, saying when to try again', async () => {
    stubSignIn(() =>
      json(429, {
        code: 'throttle.tooManyAttempts',
        message: 'Too many failed attempts. Try again in 14 minutes.',
        values: { minutes: 14 },
      }),
    );
    renderApp('/login');
    await userEvent.type(await passPassword(), '123456{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed attempts. Try again in 14 minutes.');
  });
});
