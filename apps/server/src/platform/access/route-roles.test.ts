import { ROLES, type Role } from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Who may call what, for every API route the app registers: a new route is admin-only unless it
 * is listed here. This is the server's side of docs/product.md §6 and docs/domain.md#access-rules; the UI hiding a button is
 * not what keeps an editor out.
 */
const PUBLIC = [
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  // A calendar app polls the feed without a session: the secret token in the URL is the credential.
  'GET /api/calendar-feeds/:file',
  // A guest answers from the link in their reminder without an account: the token is the credential.
  'GET /api/rsvp/:token',
  'POST /api/rsvp/:token',
  // A forgotten password: asking for a link, checking it before asking for a password, and choosing a
  // new password with it (the token is the credential).
  'POST /api/auth/password-reset',
  'GET /api/auth/password-reset/:token',
  'POST /api/auth/password-reset/:token',
  // Sign-in's second step: the challenge from the first is the credential.
  'POST /api/auth/login/two-factor',
];
const WIDER: Record<string, readonly Role[]> = {
  // Everyone reads and changes their own profile (the handler limits it to themselves).
  'GET /api/users/:id': ['admin', 'editor', 'guest'],
  'PATCH /api/users/:id/my-profile': ['admin', 'editor', 'guest'],
  // Two-factor sign-in: your own (the handlers check it), and an admin turning it off for another.
  'POST /api/users/:id/two-factor/setup': ['admin', 'editor', 'guest'],
  'POST /api/users/:id/two-factor/enable': ['admin', 'editor', 'guest'],
  'POST /api/users/:id/two-factor/disable': ['admin', 'editor', 'guest'],
  // Organisers read the form they fill and its listbox choices.
  'GET /api/forms/:id': ['admin', 'editor'],
  'GET /api/lookups': ['admin', 'editor'],
  // Organisers fill forms for their occurrences' guests (the handler limits editors to their own).
  'POST /api/forms/:id/submit': ['admin', 'editor'],
  // Organisers download the report image of their own occurrences (the handler limits editors).
  'GET /api/forms/:formId/report/:occurrenceId': ['admin', 'editor'],
  // Everyone reads occurrences (the service shows editors and guests only their own).
  'GET /api/event-occurrences': ['admin', 'editor', 'guest'],
  'GET /api/event-occurrences/:id': ['admin', 'editor', 'guest'],
  'GET /api/event-occurrences/calendar': ['admin', 'editor', 'guest'],
  // Organisers take attendance at their sessions and see what is still to fill (the service keeps
  // editors to their own), and read the summary of their sessions.
  'PUT /api/event-occurrences/:id/attendance': ['admin', 'editor'],
  // Organisers book make-ups for their sessions' guests (the service answers 404 for another's).
  'GET /api/event-occurrences/:id/makeup-slots': ['admin', 'editor'],
  'POST /api/event-occurrences/:id/makeup': ['admin', 'editor'],
  'GET /api/event-occurrences/to-fill': ['admin', 'editor'],
  'GET /api/attendance/summary': ['admin', 'editor'],
  'GET /api/attendance/summary/export': ['admin', 'editor'],
  // Editors read and set their own working hours and time off (the service keeps them to their own).
  'GET /api/users/:id/availability': ['admin', 'editor'],
  'PUT /api/users/:id/availability': ['admin', 'editor'],
  'GET /api/time-off': ['admin', 'editor'],
  'POST /api/time-off': ['admin', 'editor'],
  'DELETE /api/time-off/:id': ['admin', 'editor'],
  // Everyone has a calendar feed (the handler limits it to themselves; admins reach anyone's).
  'GET /api/users/:id/calendar-feed': ['admin', 'editor', 'guest'],
  'POST /api/users/:id/calendar-feed/reset': ['admin', 'editor', 'guest'],
};

const ctx = useTestApp();
const tokens = {} as Record<Role, Record<string, string>>;

beforeAll(async () => {
  for (const role of ROLES) {
    tokens[role] = (await createPerson(ctx, { username: `${role}-user`, role })).headers;
  }
});

const routes = () => ctx.app.accessTable.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** A concrete URL for a route pattern (ids that do not exist: only the access check matters). */
const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '999999');

describe('role table of every API route', () => {
  it('has only the public routes it means to have', () => {
    expect(routes().length).toBeGreaterThan(8);
    const open = routes()
      .filter((route) => route.access === 'public')
      .map(keyOf);
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('limits every other route to admins unless it is listed as wider', () => {
    for (const route of routes().filter((r) => r.access !== 'public')) {
      const expected = WIDER[keyOf(route)] ?? ['admin'];
      expect({ route: keyOf(route), access: [...route.access].sort() }).toEqual({
        route: keyOf(route),
        access: [...expected].sort(),
      });
    }
  });

  it('answers 401 on every route to an access token signed before its account’s password changed', async () => {
    const stale = await createPerson(ctx, { username: 'stale-admin', role: 'admin' });
    const change = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${stale.id}`,
      headers: tokens.admin,
      payload: { password: 'changed-by-another-admin' },
    });
    expect(change.statusCode).toBe(200);
    const letIn: string[] = [];
    for (const route of routes().filter((r) => r.access !== 'public')) {
      const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const response = await ctx.app.inject({
        method,
        url: urlOf(route.url).replace('999999', String(stale.id)),
        headers: stale.headers,
        payload: method === 'GET' ? undefined : {},
      });
      if (response.statusCode !== 401) letIn.push(`${keyOf(route)}: ${response.statusCode}`);
    }
    expect(letIn).toEqual([]);
  });

  it('answers 401 to anonymous callers and 403 to roles outside the list, before looking at the input', async () => {
    for (const route of routes().filter((r) => r.access !== 'public')) {
      const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const url = urlOf(route.url);
      const anonymous = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect({ route: keyOf(route), status: anonymous.statusCode }).toEqual({ route: keyOf(route), status: 401 });
      for (const role of ROLES.filter((r) => !route.access.includes(r))) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: tokens[role],
          payload: method === 'GET' ? undefined : {},
        });
        expect({ route: keyOf(route), role, status: response.statusCode }).toEqual({
          route: keyOf(route),
          role,
          status: 403,
        });
      }
    }
  });
});
