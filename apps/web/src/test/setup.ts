import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadSectionTexts } from '../i18n';

// jsdom has no layout, so window.scrollTo only logs an error; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

// jsdom has no ResizeObserver; the row menus' floating panels watch their anchors with one.
globalThis.ResizeObserver ??= class {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
};

// Screens render inside the signed-in layout, which has the sections' texts loaded.
await loadSectionTexts();

// A screen is a lazy chunk with its texts: on a loaded machine it takes longer than Testing
// Library's default second to appear. Every find waits for its state up to this long.
configure({ asyncUtilTimeout: 6000 });

afterEach(() => {
  cleanup();
});
