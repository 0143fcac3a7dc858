// Speed of the recurrence engine: `npm run bench:recurrence`. Expands 1,000 mixed rules (BENCH_RULES;
// several zones and frequencies, up to 180 occurrences each) three ways over the same rules:
//   engine   parseRule + seriesOccurrences: rrule.js in floating time, placed in the zone by the engine
//   tzid     rrule.js's own TZID expansion (rrulestr(text).all()), the path DESIGN §1 rules out
//   floor    rrule.js's floating expansion of the same rules without any zone mapping
// and prints occurrences per second, engine vs tzid and engine / floor (aim: <= 2x). Times are the
// process's CPU time, best of BENCH_ROUNDS rounds (tzid: one round), as the machines are shared.
import rrule from 'rrule';
import { seriesOccurrences } from '../apps/server/src/recurrence/expand.js';
import { formatLocal, parseRule, WEEKDAY_CODES } from '../apps/server/src/recurrence/rule.js';
import { zoneOffsets } from '../apps/server/src/recurrence/zone.js';

const { rrulestr } = rrule;
const RULES = Number(process.env.BENCH_RULES ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const NOW = new Date('2025-09-01T00:00:00Z');
const ZONES = [
  'Europe/Istanbul',
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
  'Australia/Sydney',
  'America/Sao_Paulo',
  'Pacific/Auckland',
  'UTC',
];

// A small seeded generator, so every run measures the same rules.
let seed = 20250901;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const weekdays = () => WEEKDAY_CODES.filter(() => random() < 0.4).join(',') || pick(WEEKDAY_CODES);

function makeRule(): string {
  const zone = pick(ZONES);
  const start = Date.UTC(2025, between(0, 11), between(1, 28), between(6, 20), pick([0, 30]));
  const shape = pick([
    () => `FREQ=DAILY;INTERVAL=${between(1, 2)}`,
    () => `FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR`,
    () => `FREQ=WEEKLY;INTERVAL=${between(1, 2)};BYDAY=${weekdays()}`,
    () => `FREQ=WEEKLY;BYDAY=${weekdays()}`,
    () => `FREQ=MONTHLY;BYDAY=${pick([1, 2, 3, -1])}${pick(WEEKDAY_CODES)}`,
    () => `FREQ=MONTHLY;BYMONTHDAY=${pick(['1,15', '-1', '10'])}`,
    () => `FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=${pick([1, -1, -2])}`,
    () => `FREQ=YEARLY;BYMONTH=${pick(['1,4,7,10', '3,9', '1,2,3,4,5,6,7,8,9,10,11,12'])};BYMONTHDAY=${between(1, 28)}`,
  ])();
  const yearly = shape.startsWith('FREQ=YEARLY');
  const end =
    random() < 0.8
      ? `;COUNT=${yearly ? between(10, 40) : between(30, 180)}`
      : `;UNTIL=${formatLocal(start + between(30, 175) * 86_400_000)}Z`;
  return `DTSTART;TZID=${zone}:${formatLocal(start)}\nRRULE:${shape}${end}`;
}

/** The same rule with DTSTART and UNTIL as floating wall-clock times and no zone: rrule.js's fast path. */
function floatingText(text: string): string {
  const rule = parseRule(text);
  const until =
    rule.until?.kind === 'instant' ? `;UNTIL=${formatLocal(zoneOffsets(rule.zone).toLocal(rule.until.instant))}` : '';
  const rrulePart = /RRULE:([^\n]*)/.exec(text)?.[1]?.replace(/;UNTIL=[^;]*/, '') ?? '';
  return `DTSTART:${formatLocal(rule.start)}\nRRULE:${rrulePart}${until}`;
}

const texts = Array.from({ length: RULES }, makeRule);
const floatingTexts = texts.map(floatingText);

const engine = () => texts.reduce((sum, text) => sum + seriesOccurrences(parseRule(text), { now: NOW }).length, 0);
const floor = () => floatingTexts.reduce((sum, text) => sum + rrulestr(text).all().length, 0);
const tzid = () => texts.reduce((sum, text) => sum + rrulestr(text).all().length, 0);

function time(run: () => number): { seconds: number; occurrences: number } {
  const started = process.cpuUsage();
  const occurrences = run();
  const used = process.cpuUsage(started);
  return { seconds: (used.user + used.system) / 1e6, occurrences };
}
const perSecond = (occurrences: number, seconds: number) => Math.round(occurrences / seconds).toLocaleString('en');

// The first engine pass also learns each zone's offsets (kept for the process, as in the server).
const cold = time(engine);
const engineRuns: number[] = [];
const floorRuns: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  floorRuns.push(time(floor).seconds);
  engineRuns.push(time(engine).seconds);
}
const occurrences = cold.occurrences;
const floorOccurrences = floor();
const tzidRun = time(tzid);

const engineSeconds = Math.min(...engineRuns);
const floorSeconds = Math.min(...floorRuns);
console.log(`${RULES} rules, ${occurrences} occurrences; CPU time, best of ${ROUNDS} rounds (tzid: one round)`);
console.log(`engine (floating + zone mapping)  ${perSecond(occurrences, engineSeconds).padStart(11)} occurrences/s`);
console.log(
  `rrule.js TZID expansion           ${perSecond(tzidRun.occurrences, tzidRun.seconds).padStart(11)} occurrences/s`,
);
console.log(
  `rrule.js floating, no zones       ${perSecond(floorOccurrences, floorSeconds).padStart(11)} occurrences/s`,
);
console.log(`engine first pass (cold zones)    ${perSecond(occurrences, cold.seconds).padStart(11)} occurrences/s`);
console.log(
  `engine vs TZID: ${(tzidRun.seconds / tzidRun.occurrences / (engineSeconds / occurrences)).toFixed(1)}x faster`,
);
console.log(
  `engine / floor: ${(engineSeconds / occurrences / (floorSeconds / floorOccurrences)).toFixed(2)}x (aim <= 2x)`,
);
if (floorOccurrences !== occurrences) console.log(`note: the floor expanded ${floorOccurrences} occurrences`);
console.log('Median time to create a 180-occurrence event through the API: not measured (no events API yet).');
