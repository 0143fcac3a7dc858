import { clearAccessToken, getAccessToken, setAccessToken } from '../auth/session-store';
import { ApiError, codedMessageOf } from './errors';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

const API_ROOT = '/api';

/** `/api/<path>?<query>`, leaving out parameters that were not supplied. */
export function apiUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_ROOT}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

/** The parsed body: JSON when the server says so, undefined for 204 and empty bodies, else text. */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (response.headers.get('content-type')?.includes('application/json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Sends an auth call (public, cookie-carrying) and returns its body, or throws ApiError. */
export async function authCall(
  path: 'login' | 'login/two-factor' | 'refresh' | 'logout',
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(apiUrl(`auth/${path}`), {
    method: 'POST',
    credentials: 'include',
    headers: path === 'refresh' ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, codedMessageOf(parsed) ?? response.statusText);
  return parsed;
}

async function requestNewToken(): Promise<string> {
  const body = await authCall('refresh');
  const token = typeof body === 'object' && body !== null && 'accessToken' in body ? body.accessToken : undefined;
  if (!setAccessToken(token)) throw new ApiError(401, 'Invalid access token');
  return token as string;
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Exchanges the refresh cookie for a new access token and stores it. At most one refresh runs at
 * a time: concurrent callers share it (the server treats a reused refresh token as theft and
 * revokes the session, so two parallel refreshes would sign the user out). Across tabs the Web
 * Locks API serialises them for the same reason.
 */
export function refreshAccessToken(): Promise<string> {
  const run = async (): Promise<string> =>
    typeof navigator !== 'undefined' && navigator.locks
      ? await navigator.locks.request('ritim-auth-refresh', requestNewToken)
      : await requestNewToken();
  const pending = (refreshInFlight ??= run().finally(() => {
    refreshInFlight = null;
  }));
  return pending;
}

/** A refresh during a call failed: the session is over; the shell sends the user to sign in. */
async function refreshOrEndSession(): Promise<string> {
  try {
    return await refreshAccessToken();
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Unknown error';
    clearAccessToken('expired', message);
    throw error instanceof ApiError ? error : new ApiError(401, message);
  }
}

/**
 * Sends an authenticated request: the bearer token (refreshing first when there is none), and on
 * a 401 a refresh and one retry. Answers the response as it is.
 */
async function authorizedFetch(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const method = options.method ?? 'GET';
  const send = (token: string) =>
    fetch(apiUrl(path, options.query), {
      method,
      signal: options.signal,
      headers: {
        Accept: accept,
        Authorization: `Bearer ${token}`,
        ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  const token = getAccessToken() ?? (await refreshOrEndSession());
  const response = await send(token);
  if (response.status !== 401) return response;
  // Another call may already have renewed the token while this one was in flight.
  const current = getAccessToken();
  return send(current && current !== token ? current : await refreshOrEndSession());
}

/** A failed response as ApiError with the server's message. */
async function failure(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  return new ApiError(response.status, codedMessageOf(body) ?? (response.statusText || 'Unknown error'));
}

/**
 * An authenticated call: carries the bearer token (refreshing first when there is none), and on
 * a 401 refreshes and retries once. Returns the parsed JSON; failures throw ApiError with the
 * server's message.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await authorizedFetch(path, options, 'application/json');
  if (!response.ok) throw await failure(response);
  return (await readBody(response)) as T;
}

/**
 * A call without signing in (a guest's answer link, docs/domain.md#rsvp): no token, no refresh.
 * Returns the parsed JSON; failures throw ApiError with the server's message.
 */
export async function publicRequest<T>(
  path: string,
  options: Pick<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const response = await fetch(apiUrl(path), {
    method,
    headers: { Accept: 'application/json', ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) throw await failure(response);
  return (await readBody(response)) as T;
}

/**
 * An authenticated download (a report image, a CSV export): the file and its name from
 * Content-Disposition, else `fallbackName`. Failures throw ApiError with the server's message, as
 * apiRequest.
 */
export async function apiDownload(
  path: string,
  fallbackName: string,
  query?: QueryParams,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await authorizedFetch(path, { query }, '*/*');
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || fallbackName;
  return { blob: await response.blob(), fileName };
}

/** For tests: forget a refresh that is still pending. */
export function resetRefreshState() {
  refreshInFlight = null;
}
