import type { Lookup } from '@ritim/shared';
import { describe, expect, it } from 'vitest';
import { parentChoices, RECORD_NAMES } from './lookup-choices';

const lookup = (id: number, parentId: number | null = null): Lookup => ({
  id,
  key: `k${id}`,
  value: `v${id}`,
  label: `L${id}`,
  parentId,
  lookupableType: null,
  lookupableId: null,
  lookupableDisplay: null,
});

describe('parentChoices', () => {
  const tree = [lookup(1), lookup(2, 1), lookup(3, 2), lookup(4, 1), lookup(5), lookup(6, 5)];

  it('offers every lookup when creating', () => {
    expect(parentChoices(tree, undefined).map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('leaves out the lookup itself and all its descendants when editing', () => {
    expect(parentChoices(tree, 1).map((c) => c.value)).toEqual([5, 6]);
    expect(parentChoices(tree, 2).map((c) => c.value)).toEqual([1, 4, 5, 6]);
    expect(parentChoices(tree, 6).map((c) => c.value)).toEqual([1, 2, 3, 4, 5]);
  });

  it('labels a choice with its label, key and value', () => {
    expect(parentChoices([lookup(7)], undefined)).toEqual([{ value: 7, label: 'L7 (k7: v7)' }]);
  });
});

describe('RECORD_NAMES', () => {
  it('names a user by name and surname, else by username', () => {
    const name = RECORD_NAMES.users;
    expect(name({ id: 1, name: 'Ayşe', surname: 'Yılmaz', username: 'ayse' })).toBe('Ayşe Yılmaz');
    expect(name({ id: 2, name: ' ', surname: null, username: 'bare' })).toBe('bare');
  });

  it('names forms and events by title (else #id) and the other types by name', () => {
    expect(RECORD_NAMES.forms({ id: 1, title: 'Session notes' })).toBe('Session notes');
    expect(RECORD_NAMES['message-groups']({ id: 3, name: 'Parents' })).toBe('Parents');
    expect(RECORD_NAMES.events({ id: 4, title: 'Weekly session' })).toBe('Weekly session');
    expect(RECORD_NAMES.events({ id: 4, title: '  ' })).toBe('#4');
  });
});
