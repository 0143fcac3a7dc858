import type { Resources } from '../en';
import type { DeepPartial } from '../tr';

/** Turkish texts of the Lookups section; anything missing falls back to English. */
export const lookups: DeepPartial<Resources['lookups']> = {
  title: 'Seçenek Listeleri',
};
