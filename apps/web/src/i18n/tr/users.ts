import type { Resources } from '../en';
import type { DeepPartial } from '../tr';

/** Turkish texts of the Users section; anything missing falls back to English. */
export const users: DeepPartial<Resources['users']> = {
  title: 'Kullanıcılar',
};
