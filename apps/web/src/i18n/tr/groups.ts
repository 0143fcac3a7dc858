import type { Resources } from '../en';
import type { DeepPartial } from '../tr';

/** Turkish texts of the Groups section; anything missing falls back to English. */
export const groups: DeepPartial<Resources['groups']> = {
  title: 'Gruplar',
};
