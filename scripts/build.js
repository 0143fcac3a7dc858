// @ts-check
// `npm run build` (and so `npm start`): the shared contracts, the server and the web app, each
// step skipped when nothing it is built from changed since its last build (scripts/build-cache.js).
// `--force` builds everything from scratch.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { filesUnder, runStep } from './build-cache.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/ritim-build', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** @param {string} file */
const isTest = (file) => /\.test\.tsx?$/.test(file);
/** @param {string} dir @param {(file: string) => boolean} [keep] */
const under = (dir, keep) => filesUnder(root, dir, keep);
/** What every step depends on: the installed packages (both lockfiles), the root scripts and compiler settings. */
const common = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.base.json'];
/** The shared package's sources as its tsconfig.build.json takes them (tests excluded). */
const sharedSources = () => [
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/shared/tsconfig.build.json',
  ...under('packages/shared/src', (file) => !isTest(file)),
];

/** @type {import('./build-cache.js').Step[]} */
const steps = [
  {
    name: 'shared',
    inputs: () => [...common, ...sharedSources()],
    output: 'packages/shared/dist',
    command: [process.execPath, tsc, '-p', 'packages/shared/tsconfig.build.json'],
  },
  {
    // The server compiles against the shared package's declarations (and runs its dist): a change
    // inside a shared function rebuilds the shared step only.
    name: 'server',
    inputs: () => [
      ...common,
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
      ...under('apps/server/src', (file) => !isTest(file) && !file.startsWith('apps/server/src/test/')),
      ...under('packages/shared/dist', (file) => file.endsWith('.d.ts')),
    ],
    output: 'apps/server/dist',
    command: [process.execPath, tsc, '-p', 'apps/server/tsconfig.build.json'],
  },
  {
    // Everything in apps/web counts, tests too: Tailwind takes class names from any file there.
    // The shared package is bundled from its sources.
    name: 'web',
    inputs: () => [...common, ...under('apps/web'), ...sharedSources()],
    output: 'apps/web/dist',
    command: ['npm', 'run', 'build', '-w', 'apps/web'],
  },
];

const force = process.argv.includes('--force');
try {
  for (const step of steps) runStep(step, { root, cacheDir, force, log: (line) => console.log(`build: ${line}`) });
} catch (error) {
  console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
