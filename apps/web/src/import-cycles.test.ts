import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, type Sources } from './test/import-graph';

/** Every source file of both apps, server and web, keyed by its path from the repository root. */
function appSources(): Sources {
  const files = {
    ...import.meta.glob<string>('../../server/src/**/*.ts', { query: '?raw', import: 'default', eager: true }),
    ...import.meta.glob<string>('./**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  };
  return Object.fromEntries(
    Object.entries(files).map(([path, text]) => [
      path.startsWith('../../') ? `/apps/${path.slice('../../'.length)}` : `/apps/web/src/${path.slice(2)}`,
      text,
    ]),
  );
}

describe('imports', () => {
  it('form no circles anywhere in apps/ (server and web)', () => {
    const sources = appSources();
    expect(Object.keys(sources).filter((path) => path.startsWith('/apps/server/')).length).toBeGreaterThan(20);
    expect(Object.keys(sources).filter((path) => path.startsWith('/apps/web/')).length).toBeGreaterThan(20);
    expect(importCycles(importGraph(sources)).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('finds a circle through a lazy import, a re-export or a server-style .js suffix', () => {
    const sources: Sources = {
      '/a/routes.tsx': "export const routes = [{ lazy: () => import('./shell') }];",
      '/a/shell.tsx': "import { items } from './nav';",
      '/a/nav.ts': "import { routes } from './routes';",
      '/b/app.ts': "export * from './plugin.js';",
      '/b/plugin.ts': "import type { App } from './app.js';",
      '/c/alone.ts': "import './alone';",
      '/d/fine.ts': "import { x } from './leaf.js'; import 'react';",
      '/d/leaf.ts': 'export const x = 1;',
    };
    expect(importCycles(importGraph(sources))).toEqual([
      ['/a/nav.ts', '/a/routes.tsx', '/a/shell.tsx', '/a/nav.ts'],
      ['/b/app.ts', '/b/plugin.ts', '/b/app.ts'],
      ['/c/alone.ts', '/c/alone.ts'],
    ]);
  });
});
