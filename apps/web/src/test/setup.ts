import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n';

// jsdom has no layout, so window.scrollTo only logs an error; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
});
