import type { Resources } from '../en';
import type { DeepPartial } from '../tr';

/** Turkish texts of the Forms section; anything missing falls back to English. */
export const forms: DeepPartial<Resources['forms']> = {
  title: 'Formlar',
};
