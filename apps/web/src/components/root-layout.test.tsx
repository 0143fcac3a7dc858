import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../test/app';
import { json } from '../test/http';
import { adminClaims, editorClaims, guestClaims } from '../test/tokens';

describe('Role-limited screens', () => {
  beforeEach(resetApp);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    { role: 'editor', claims: editorClaims, path: '/locations' },
    { role: 'editor', claims: editorClaims, path: '/locations/create' },
    { role: 'guest', claims: guestClaims, path: '/locations/3/edit' },
  ])(
    'shows a signed-in $role Access denied on $path, in the shell, and asks the API for nothing',
    async ({ claims, path }) => {
      const api = stubApi(claims, () => undefined);
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
      expect(screen.getByText('You do not have permission to view this page.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
      expect(screen.getByTestId('user-menu-button')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Locations' })).toBeNull();
      expect(api.calls().some((call) => call.url.startsWith('/api/locations'))).toBe(false);
    },
  );

  it('lets an admin in', async () => {
    stubApi(adminClaims, (url) =>
      url.startsWith('/api/locations?') ? json(200, { locations: [], totalCount: 0 }) : undefined,
    );
    renderApp('/locations');
    expect(await screen.findByRole('heading', { name: 'Locations' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Access denied' })).toBeNull();
  });

  it('lets everyone signed in open their own profile', async () => {
    stubApi(guestClaims, (url) =>
      url === '/api/users/3'
        ? json(200, {
            id: 3,
            username: 'guest',
            role: 'guest',
            status: 'active',
            name: null,
            surname: null,
            email: null,
            phone: null,
            address: null,
            timezone: 'Europe/London',
          })
        : undefined,
    );
    renderApp('/users/3/my-profile');
    expect(await screen.findByRole('button', { name: 'Update My Profile' })).toBeTruthy();
  });
});
