import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav-items';

describe('navItemsFor', () => {
  it('gives admins every section', () => {
    expect(navItemsFor('admin').map((item) => item.to)).toEqual(['/', '/locations']);
  });

  it('gives editors and guests only what every signed-in user has', () => {
    expect(navItemsFor('editor').map((item) => item.to)).toEqual(['/']);
    expect(navItemsFor('guest').map((item) => item.to)).toEqual(['/']);
  });
});
