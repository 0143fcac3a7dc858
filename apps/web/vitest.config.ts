import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { sharedAlias } from './vite.config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: [sharedAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
