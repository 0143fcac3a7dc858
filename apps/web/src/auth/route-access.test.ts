import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { canOpenMatches, canOpenPath } from './route-access';

describe('canOpenMatches', () => {
  it('lets anyone signed in through routes that declare no roles', () => {
    expect(canOpenMatches('guest', [{ handle: undefined }, { handle: {} }, { handle: 'other' }])).toBe(true);
  });

  it('needs every declared limit on the way, ignoring the case of the role', () => {
    const matches = [{ handle: { roles: ['admin', 'editor'] } }, { handle: { roles: ['admin'] } }];
    expect(canOpenMatches('admin', matches)).toBe(true);
    expect(canOpenMatches('ADMIN', matches)).toBe(true);
    expect(canOpenMatches('editor', matches)).toBe(false);
  });

  it("treats 'signed-in' as everyone", () => {
    expect(canOpenMatches('guest', [{ handle: { roles: 'signed-in' } }])).toBe(true);
  });
});

describe('canOpenPath', () => {
  const tree: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true },
        { path: 'open' },
        { path: 'staff', handle: { roles: ['admin', 'editor'] }, children: [{ index: true }, { path: ':id/edit' }] },
      ],
    },
  ];

  it('applies a section limit to the section and everything below it', () => {
    expect(canOpenPath('editor', tree, '/staff')).toBe(true);
    expect(canOpenPath('guest', tree, '/staff')).toBe(false);
    expect(canOpenPath('guest', tree, '/staff/4/edit')).toBe(false);
    expect(canOpenPath('guest', tree, '/open')).toBe(true);
    expect(canOpenPath('guest', tree, '/')).toBe(true);
  });

  it('leaves unknown paths to the not-found page', () => {
    expect(canOpenPath('guest', tree, '/nowhere')).toBe(true);
  });

  it('keeps the app’s locations admin-only and everyone’s own profile open', () => {
    for (const path of ['/locations', '/locations/create', '/locations/5/edit']) {
      expect(canOpenPath('admin', routes, path)).toBe(true);
      expect(canOpenPath('editor', routes, path)).toBe(false);
      expect(canOpenPath('guest', routes, path)).toBe(false);
    }
    for (const role of ['admin', 'editor', 'guest']) {
      expect(canOpenPath(role, routes, '/users/2/my-profile')).toBe(true);
      expect(canOpenPath(role, routes, '/')).toBe(true);
    }
  });
});
