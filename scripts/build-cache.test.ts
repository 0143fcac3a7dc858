import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesUnder, runStep, type Step } from './build-cache.js';

let root: string;
let cacheDir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const exists = (file: string) => existsSync(path.join(root, file));

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ritim-build-'));
  cacheDir = path.join(root, '.cache');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A step that copies src/ into out/ (uppercased) and counts its runs in runs.txt, outside its output. */
const copyStep: Step = {
  name: 'copy',
  inputs: () => filesUnder(root, 'src'),
  output: 'out',
  command: [
    process.execPath,
    '-e',
    `const fs = require('node:fs');
     fs.mkdirSync('out', { recursive: true });
     for (const f of fs.readdirSync('src')) fs.writeFileSync('out/' + f, fs.readFileSync('src/' + f, 'utf8').toUpperCase());
     fs.appendFileSync('runs.txt', 'x');`,
  ],
};
const run = (step: Step = copyStep, force = false) => runStep(step, { root, cacheDir, force }).action;
const runs = () => (exists('runs.txt') ? read('runs.txt').length : 0);

describe('runStep', () => {
  it('builds the first time, then skips while nothing changed', () => {
    write('src/a.txt', 'a');
    expect(run()).toBe('clean');
    expect(read('out/a.txt')).toBe('A');
    expect(run()).toBe('skipped');
    expect(runs()).toBe(1);
  });

  it('rebuilds, keeping the outputs, when an input changes', () => {
    write('src/a.txt', 'a');
    run();
    write('src/a.txt', 'b');
    expect(run()).toBe('incremental');
    expect(read('out/a.txt')).toBe('B');
    expect(runs()).toBe(2);
  });

  it('rebuilds when an input is added or deleted', () => {
    write('src/a.txt', 'a');
    run();
    write('src/b.txt', 'b');
    expect(run()).toBe('incremental');
    rmSync(path.join(root, 'src/b.txt'));
    expect(run()).toBe('incremental');
    expect(runs()).toBe(3);
  });

  it('skips when an input was only touched (same content, newer time)', () => {
    write('src/a.txt', 'a');
    run();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src/a.txt'), later, later);
    expect(run()).toBe('skipped');
  });

  it('rebuilds from an empty folder when the output folder is gone', () => {
    write('src/a.txt', 'a');
    run();
    rmSync(path.join(root, 'out'), { recursive: true });
    expect(run()).toBe('clean');
    expect(read('out/a.txt')).toBe('A');
  });

  it('deletes the outputs and rebuilds when one of them was deleted or changed by someone else', () => {
    write('src/a.txt', 'a');
    write('src/b.txt', 'b');
    run();
    rmSync(path.join(root, 'out/a.txt'));
    write('out/stray.txt', 'left by another tool');
    expect(run()).toBe('clean');
    expect(read('out/a.txt')).toBe('A');
    expect(exists('out/stray.txt')).toBe(false);
    write('out/b.txt', 'edited');
    expect(run()).toBe('clean');
    expect(read('out/b.txt')).toBe('B');
  });

  it('builds from scratch when forced', () => {
    write('src/a.txt', 'a');
    run();
    expect(run(copyStep, true)).toBe('clean');
    expect(runs()).toBe(2);
  });

  it('throws on a failed command and builds again next time', () => {
    write('src/a.txt', 'a');
    const failing: Step = { ...copyStep, command: [process.execPath, '-e', 'process.exit(3)'] };
    expect(() => run(failing)).toThrow(/failed \(exit 3\)/);
    expect(run()).toBe('clean');
  });
});

describe('runStep with tsc and its incremental state kept in the output folder', () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const tscStep: Step = {
    name: 'tsc',
    inputs: () => ['tsconfig.json', ...filesUnder(root, 'src')],
    output: 'dist',
    command: [process.execPath, tsc, '-p', 'tsconfig.json'],
  };
  beforeEach(() => {
    write(
      'tsconfig.json',
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          target: 'ES2022',
          rootDir: 'src',
          outDir: 'dist',
          incremental: true,
          tsBuildInfoFile: 'dist/.tsbuildinfo',
          types: [],
        },
        include: ['src'],
      }),
    );
    write('src/a.ts', 'export const a = 1;\n');
    write('src/b.ts', 'export const b = 2;\n');
  });

  it('writes a deleted output again although the tsbuildinfo says it is up to date', () => {
    run(tscStep);
    rmSync(path.join(root, 'dist/a.js'));
    expect(run(tscStep)).toBe('clean');
    expect(read('dist/a.js')).toContain('a = 1');
    expect(read('dist/b.js')).toContain('b = 2');
  });

  it('rebuilds incrementally what changed', () => {
    run(tscStep);
    write('src/a.ts', 'export const a = 3;\n');
    expect(run(tscStep)).toBe('incremental');
    expect(read('dist/a.js')).toContain('a = 3');
    expect(run(tscStep)).toBe('skipped');
  });
});

describe('the build configuration', () => {
  it.each(['packages/shared/tsconfig.build.json', 'apps/server/tsconfig.build.json'])(
    '%s keeps its tsbuildinfo inside its output folder (deleting dist deletes it)',
    (file) => {
      const config = JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as {
        compilerOptions: { outDir: string; tsBuildInfoFile?: string; incremental?: boolean };
      };
      const { outDir, tsBuildInfoFile, incremental } = config.compilerOptions;
      expect(incremental).toBe(true);
      expect(tsBuildInfoFile && path.posix.normalize(tsBuildInfoFile).startsWith(`${outDir}/`)).toBe(true);
    },
  );
});
