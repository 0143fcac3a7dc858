import type { Resources } from '../en';
import type { DeepPartial } from '../tr';

/** Turkish texts of the Message Groups section; anything missing falls back to English. */
export const messageGroups: DeepPartial<Resources['messageGroups']> = {
  title: 'Mesaj Grupları',
};
