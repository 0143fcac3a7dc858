import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAccessToken, getAccessToken, getSession, setAccessToken } from '../auth/session-store';
import { json, urlOf } from '../test/http';
import { adminClaims, fakeToken } from '../test/tokens';
import { apiRequest, resetRefreshState } from './client';
import { ApiError } from './errors';
import { list, remove } from './resources';

const oldToken = fakeToken({ ...adminClaims, exp: 1 });
const newToken = fakeToken(adminClaims);

/** A fake API: refresh hands out newToken; other calls succeed only with newToken. */
function fakeApi({ refreshStatus = 200 }: { refreshStatus?: number } = {}) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    if (url === '/api/auth/refresh') {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return refreshStatus === 200
        ? json(200, { accessToken: newToken })
        : json(refreshStatus, { message: 'Your session has expired. Please sign in again.' });
    }
    const authorization = new Headers(init?.headers).get('authorization');
    if (authorization !== `Bearer ${newToken}`) return json(401, { message: 'Your session has expired.' });
    if (init?.method === 'DELETE') return new Response(null, { status: 204 });
    return json(200, { locations: [{ id: 1, name: 'Hall' }], totalCount: 1 });
  });
}

const refreshCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls.filter(([url]) => urlOf(url) === '/api/auth/refresh').length;

describe('apiRequest', () => {
  beforeEach(() => {
    resetRefreshState();
    clearAccessToken('unknown');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refreshes first when there is no token, then sends the bearer token', async () => {
    const fetchMock = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('locations')).resolves.toMatchObject({ totalCount: 1 });
    expect(refreshCalls(fetchMock)).toBe(1);
    expect(getAccessToken()).toBe(newToken);
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${newToken}`);
  });

  it('on a 401 refreshes and retries once', async () => {
    setAccessToken(oldToken);
    const fetchMock = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('locations')).resolves.toMatchObject({ totalCount: 1 });
    expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).toEqual([
      '/api/locations',
      '/api/auth/refresh',
      '/api/locations',
    ]);
  });

  it('does not retry a second time when the retry is refused too', async () => {
    setAccessToken(oldToken);
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      urlOf(input) === '/api/auth/refresh' ? json(200, { accessToken: newToken }) : json(401, { message: 'No' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('locations')).rejects.toEqual(new ApiError(401, 'No'));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('runs one refresh for many concurrent calls', async () => {
    setAccessToken(oldToken);
    const fetchMock = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    const results = await Promise.all([apiRequest('locations'), apiRequest('locations'), apiRequest('locations')]);
    expect(results).toHaveLength(3);
    expect(refreshCalls(fetchMock)).toBe(1);
  });

  it('runs one refresh for concurrent calls made before any token exists', async () => {
    const fetchMock = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([apiRequest('locations'), list('locations', { limit: 50, offset: 0 })]);
    expect(refreshCalls(fetchMock)).toBe(1);
  });

  it('ends the session when the refresh fails', async () => {
    setAccessToken(oldToken);
    vi.stubGlobal('fetch', fakeApi({ refreshStatus: 401 }));
    await expect(apiRequest('locations')).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toMatchObject({
      status: 'expired',
      isAuthenticated: false,
      reason: 'Your session has expired. Please sign in again.',
    });
  });

  it('surfaces the server message of a failed call', async () => {
    setAccessToken(newToken);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { message: 'Location is used by events' })),
    );
    await expect(apiRequest('locations/1', { method: 'DELETE' })).rejects.toEqual(
      new ApiError(409, 'Location is used by events'),
    );
  });
});

describe('resources', () => {
  beforeEach(() => {
    resetRefreshState();
    setAccessToken(newToken);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists a section, sending only the parameters supplied', async () => {
    const fetchMock = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      list('locations', { limit: 50, offset: 50, q: undefined, sort: 'date', archived: true }),
    ).resolves.toEqual({
      items: [{ id: 1, name: 'Hall' }],
      totalCount: 1,
    });
    expect(urlOf(fetchMock.mock.calls[0]![0])).toBe('/api/locations?limit=50&offset=50&sort=date&archived=true');
  });

  it("rejects a section name with other characters than letters, digits and hyphens with 'Invalid item name'", async () => {
    await expect(list('../users', { limit: 50, offset: 0 })).rejects.toThrow('Invalid item name');
    await expect(list('locations?x=1', { limit: 50, offset: 0 })).rejects.toThrow('Invalid item name');
  });

  it('deletes with a JSON content type and accepts 204', async () => {
    const fetchMock = fakeApi();
    vi.stubGlobal('fetch', fetchMock);
    await expect(remove('locations', 1)).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(url)).toBe('/api/locations/1');
    expect(init?.method).toBe('DELETE');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });
});
