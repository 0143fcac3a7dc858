import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadSectionTexts } from '../i18n';

// jsdom has no layout, so window.scrollTo only logs an error; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

// Screens render inside the signed-in layout, which has the sections' texts loaded.
await loadSectionTexts();

afterEach(() => {
  cleanup();
});
