import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadLanguage } from '../i18n';
import { resetRefreshState } from '../api/client';
import { clearAccessToken } from '../auth/session-store';
import { ToastArea } from '../components/toast';
import { queryClient } from '../query-client';
import { routes } from '../routes';
import { json, urlOf } from './http';
import { fakeToken } from './tokens';

/** A fresh start: no session, no refresh pending, nothing cached. */
export function resetApp() {
  resetRefreshState();
  clearAccessToken('unknown');
  queryClient.clear();
}

/**
 * Each test of the file starts afresh with the clock (Date only) at `instant`; afterwards real
 * timers, unstubbed globals and English again.
 */
export function startEachTestAt(instant: string) {
  beforeEach(() => {
    resetApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await loadLanguage('en');
  });
}

/** The whole app (routes, query client, toasts) at `url`, in memory. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastArea />
    </QueryClientProvider>,
  );
  return router;
}

type Handler = (url: string, init?: RequestInit) => Response | undefined;

/**
 * Stubs fetch: the shell's refresh signs in with `claims`; `handle` answers the rest (undefined
 * means 404). Returns the calls made, as url and init.
 */
export function stubApi(claims: Record<string, unknown>, handle: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url === '/api/auth/refresh') return json(200, { accessToken: fakeToken(claims) });
    return handle(url, init) ?? json(404, { message: 'Route not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls: () => fetchMock.mock.calls.map(([input, init]) => ({ url: urlOf(input), init })) };
}
