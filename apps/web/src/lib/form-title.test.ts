import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { loadLanguage } from '../i18n';
import { shownFormTitle } from './form-title';

describe('shownFormTitle', () => {
  it('shows form 1 under its seeded title in the reader’s language, any other form as titled', async () => {
    await loadLanguage('tr');
    try {
      expect(shownFormTitle({ id: 1, title: 'Session notes' }, i18n.t)).toBe('Oturum notları');
      expect(shownFormTitle(undefined, i18n.t)).toBe('Oturum notları');
      expect(shownFormTitle({ id: 1, title: 'Ders notları' }, i18n.t)).toBe('Ders notları');
      expect(shownFormTitle({ id: 2, title: 'Session notes' }, i18n.t)).toBe('Session notes');
    } finally {
      await loadLanguage('en');
    }
    expect(shownFormTitle({ id: 1, title: 'Session notes' }, i18n.t)).toBe('Session notes');
  });
});
