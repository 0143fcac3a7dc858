import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The shared contracts are consumed from source, so the web build never waits for their build. */
export const sharedAlias = {
  find: /^@ritim\/shared$/,
  replacement: fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: [sharedAlias] },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:3000',
        // The API refuses refresh/logout from another origin; through the proxy the browser's
        // origin is the dev server's, so drop it and let the request look same-origin.
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq) => proxyReq.removeHeader('origin'));
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // The shared package's modules only declare things; treating them as side-effect free
      // keeps its zod schemas out of chunks that import a constant or two.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/shared/') },
    },
  },
});
