import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n';

// jsdom has no layout: the router's scroll restoration would log "not implemented".
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
});
