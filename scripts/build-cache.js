// @ts-check
// Skips a build step whose inputs and outputs are as its last successful run left them (issue 17:
// `npm start` on a built copy). Inputs are compared by content, so a checkout or `touch` that
// changes nothing rebuilds nothing; outputs by name, size and modification time, so anything else
// writing to or deleting from the output folder is noticed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} Step
 * @property {string} name Names the step in messages and its record.
 * @property {() => string[]} inputs Every file the output depends on (relative to the root), read when the step runs.
 * @property {string} output The folder the step writes (relative to the root); nothing else may write there.
 * @property {string[]} command The program and its arguments, run in the root.
 */

/**
 * @typedef {object} StepResult
 * @property {string} name
 * @property {'skipped' | 'incremental' | 'clean'} action `incremental`: the outputs were left in place for the tool to update.
 * @property {number} ms
 */

/**
 * The files under `dir` (relative to `root`), sorted, skipping `node_modules` and `dist` folders.
 * @param {string} root
 * @param {string} dir
 * @param {(file: string) => boolean} [keep] Filters the relative paths.
 * @returns {string[]}
 */
export function filesUnder(root, dir, keep = () => true) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} relative */
  const walk = (relative) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      } else if (keep(child)) files.push(child);
    }
  };
  walk(dir);
  return files.sort();
}

/**
 * One hash of the files' names and contents (a missing file counts as missing, not as an error).
 * @param {string} root
 * @param {string[]} files
 */
export function inputsHash(root, files) {
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${file}\0`);
    try {
      hash.update(readFileSync(path.join(root, file)));
    } catch {
      hash.update('\0missing');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * One hash of the names, sizes and modification times of the files under `dir`; null when it holds none.
 * @param {string} root
 * @param {string} dir
 */
export function outputsHash(root, dir) {
  /** @type {string[]} */
  const lines = [];
  /** @param {string} relative */
  const walk = (relative) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else {
        const stat = statSync(path.join(root, child));
        lines.push(`${child}\0${stat.size}\0${stat.mtimeMs}`);
      }
    }
  };
  walk(dir);
  if (lines.length === 0) return null;
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}

/**
 * @param {string} cacheDir
 * @param {string} name
 * @returns {{ inputs: string, outputs: string } | null}
 */
function readRecord(cacheDir, name) {
  try {
    return JSON.parse(readFileSync(path.join(cacheDir, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {string} cacheDir
 * @param {string} name
 * @param {{ inputs: string, outputs: string | null }} record
 */
function writeRecord(cacheDir, name, record) {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `${name}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(record));
  renameSync(`${file}.tmp`, file);
}

/**
 * Runs the step unless its inputs and outputs are those of its last successful run. Outputs that
 * are not what that run left (none recorded, a file deleted or changed, `--force`) are deleted
 * first: a tool's own incremental state (a kept tsbuildinfo) would otherwise take the missing
 * files for up to date and write nothing.
 * @param {Step} step
 * @param {{ root: string, cacheDir: string, force?: boolean, log?: (line: string) => void }} options
 * @returns {StepResult}
 */
export function runStep(step, { root, cacheDir, force = false, log = () => undefined }) {
  const started = performance.now();
  const record = force ? null : readRecord(cacheDir, step.name);
  const inputs = inputsHash(root, step.inputs());
  const outputs = outputsHash(root, step.output);
  const trusted = record !== null && outputs !== null && record.outputs === outputs;
  if (trusted && record.inputs === inputs) {
    const ms = performance.now() - started;
    log(`${step.name}: up to date (${Math.round(ms)} ms)`);
    return { name: step.name, action: 'skipped', ms };
  }
  if (!trusted) rmSync(path.join(root, step.output), { recursive: true, force: true });
  log(`${step.name}: ${trusted ? 'inputs changed' : 'no trusted output'}, building`);
  const [program, ...args] = step.command;
  if (!program) throw new Error(`${step.name}: no command`);
  const result = spawnSync(program, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${step.name}: ${step.command.join(' ')} failed (exit ${result.status})`);
  writeRecord(cacheDir, step.name, { inputs, outputs: outputsHash(root, step.output) });
  const ms = performance.now() - started;
  log(`${step.name}: built in ${(ms / 1000).toFixed(1)} s`);
  return { name: step.name, action: trusted ? 'incremental' : 'clean', ms };
}
