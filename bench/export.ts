// The CSV export (issue 14) on a year of benchmark data: is a month quick, and is a year streamed
// rather than held in memory? The app runs in a child process (bench/export-server.ts: it seeds
// BENCH_EVENTS events, default 1,000, of BENCH_DAYS daily sessions, default 365, 3 guests each, a
// form-1 submission on every third past session, an attendance mark for every guest of a past
// session; DATABASE_URL for a PostgreSQL server, else the embedded database in that process). Then, through HTTP on loopback, GET
// /api/event-occurrences/export for a month and for the longest range (366 days, the whole year
// of data), read as a stream: time to the first byte, total time, bytes, CSV rows, and the server
// process's resident memory during each: its peak (VmHWM, reset before each export through
// /proc/<pid>/clear_refs) less its size just before, and what it keeps after.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { PASSWORD, ZONE } from './seed-sql.js';

const here = dirname(fileURLToPath(import.meta.url));
const server = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', join(here, 'export-server.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: process.env,
});
const line = await new Promise<string>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`export-server.ts exited with ${code}`)));
  createInterface({ input: server.stdout }).once('line', resolve);
});
server.removeAllListeners('exit');
const info = JSON.parse(line) as {
  port: number;
  kind: string;
  first: string;
  occurrences: number;
  submissions: number;
  marks: number;
  seconds: number;
};
console.log(
  `${info.occurrences} occurrences, ${info.submissions} submissions, ${info.marks} attendance marks seeded in ${info.seconds.toFixed(1)} s (${info.kind})`,
);
const base = `http://127.0.0.1:${info.port}`;

/** The server's resident memory now and at its peak since the last reset, in MiB. */
function memory() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}
const resetPeak = () => writeFileSync(`/proc/${server.pid}/clear_refs`, '5');

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', password: PASSWORD }),
});
if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };

async function exportRange(name: string, from: string, to: string) {
  const before = memory();
  resetPeak();
  const t0 = performance.now();
  const response = await fetch(`${base}/api/event-occurrences/export?from=${from}&to=${to}&timezone=${ZONE}`, {
    headers,
  });
  if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  let sampled = before.rss;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines++;
    sampled = Math.max(sampled, memory().rss);
  }
  const total = performance.now() - t0;
  const after = memory();
  console.log(
    `${name.padEnd(22)} ${from}..${to}: first byte ${firstByte.toFixed(0)} ms, total ${(total / 1000).toFixed(1)} s, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MiB, ${lines - 1} rows (${((lines - 1) / (total / 1000)).toFixed(0)} rows/s); ` +
      `server RSS ${before.rss.toFixed(0)} MiB before, peak ${after.peak.toFixed(0)} MiB (+${(after.peak - before.rss).toFixed(0)}; ` +
      `sampled +${(sampled - before.rss).toFixed(0)}), ${after.rss.toFixed(0)} MiB after`,
  );
}

const first = DateTime.fromISO(info.first);
const day = (offset: number) => first.plus({ days: offset }).toISODate()!;
// A month of the past (every session has its guests' rows, a third with answers), then the year.
await exportRange('a month', day(0), day(29));
await exportRange('a year (366 days)', day(0), day(365));
await exportRange('the month again', day(0), day(29));

await new Promise<void>((resolve) => {
  server.once('exit', () => resolve());
  server.kill('SIGTERM');
});
