// Speed of the report images: `npm run bench:reports`. Renders, one after another, BENCH_IMAGES
// (default 200) times after a warm-up of 20:
//   occurrence  one occurrence's form 1 submissions, six guests with Turkish notes (renderOccurrenceReport)
//   monthly     one guest's month of 12 sessions (renderMonthlyReport)
// (each rendered anew, as the first time its data is seen; then the cached answer for the same data)
// and prints images/s, p50 and p95 wall time per image, the process's CPU time per image (the
// machines are shared, so wall time varies with the load), and how the time splits between
// layout (satori, SVG) and the rest (sharp: SVG -> JPEG). Aim: p50 <= 40 ms per image. Then
// images/s with two renders in flight: satori runs on the main thread and sharp on libuv's pool, so
// a queue working on two reports at once keeps both cores busy.
// BENCH_OUT=<folder> also writes one image of each there (report-occurrence.jpg, report-monthly.jpg).
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { sampleMonthlyReport, sampleOccurrenceReport } from '../apps/server/src/reports/fixtures.js';
import { monthlyReportPage, renderMonthlyReport } from '../apps/server/src/reports/monthly-report.js';
import { occurrenceReportPage, renderOccurrenceReport } from '../apps/server/src/reports/occurrence-report.js';
import { layoutPage, type Page, renderPage } from '../apps/server/src/reports/render.js';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 200);
const WARM_UP = 20;
const OUT = process.env.BENCH_OUT;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Wall times (ms) and CPU time per run (ms) of `IMAGES` runs after the warm-up. */
async function measure(run: () => Promise<unknown>): Promise<{ sorted: number[]; cpuPerRun: number; seconds: number }> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const durations: number[] = [];
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < IMAGES; i++) {
    const start = process.hrtime.bigint();
    await run();
    durations.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { sorted: durations.sort((a, b) => a - b), cpuPerRun: (used.user + used.system) / 1e3 / IMAGES, seconds };
}

/** Images per second with `parallel` renders in flight. */
async function throughput(run: () => Promise<unknown>, parallel: number): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next++ < IMAGES) await run();
    }),
  );
  return IMAGES / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function bench(name: string, render: () => Promise<Buffer>, page: () => Page): Promise<void> {
  const image = await render();
  const { height } = await sharp(image).metadata();
  if (OUT) await writeFile(join(OUT, `report-${name}.jpg`), image);
  const whole = await measure(render);
  const layout = await measure(() => layoutPage(page()));
  const twoAtOnce = await throughput(render, 2);
  const p50 = percentile(whole.sorted, 0.5);
  console.log(
    `${name.padEnd(10)} 1080x${height} ${(image.length / 1024).toFixed(0)} KB: ` +
      `${(IMAGES / whole.seconds).toFixed(1)} images/s, p50 ${p50.toFixed(1)} ms, ` +
      `p95 ${percentile(whole.sorted, 0.95).toFixed(1)} ms, CPU ${whole.cpuPerRun.toFixed(1)} ms/image ` +
      `(layout p50 ${percentile(layout.sorted, 0.5).toFixed(1)} ms, SVG -> JPEG the rest); ` +
      `${twoAtOnce.toFixed(1)} images/s two at a time` +
      `${p50 <= 40 ? '' : '  [aim p50 <= 40 ms]'}`,
  );
}

const load = () => loadavg()[0]!.toFixed(1);
console.log(`${IMAGES} images each after a warm-up of ${WARM_UP}, one at a time; load average ${load()}`);
// Rendered every time (renderPage): what a report costs the first time its data is seen.
await bench(
  'occurrence',
  () => renderPage(occurrenceReportPage(sampleOccurrenceReport())),
  () => occurrenceReportPage(sampleOccurrenceReport()),
);
await bench(
  'monthly',
  () => renderPage(monthlyReportPage(sampleMonthlyReport(12))),
  () => monthlyReportPage(sampleMonthlyReport(12)),
);
// The same data again: the image cache's answer (the hash of the data, then a map look-up).
for (const [name, render] of [
  ['occurrence', () => renderOccurrenceReport(sampleOccurrenceReport())],
  ['monthly', () => renderMonthlyReport(sampleMonthlyReport(12))],
] as const) {
  await render();
  const { sorted } = await measure(render);
  console.log(`${name.padEnd(10)} cached: p50 ${percentile(sorted, 0.5).toFixed(2)} ms`);
}
console.log(`load average ${load()}`);
