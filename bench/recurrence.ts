// Speed of the recurrence engine: `npm run bench:recurrence`. Expands 1,000 mixed rules (BENCH_RULES;
// several zones and frequencies, up to 180 occurrences each) three ways over the same rules:
//   engine   parseRule + seriesOccurrences: rrule.js in floating time, placed in the zone by the engine
//   tzid     rrule.js's own TZID expansion (rrulestr(text).all()), the path docs/domain.md#time-zones-and-dst rules out
//   floor    rrule.js's floating expansion of the same rules without any zone mapping
// and prints occurrences per second, engine vs tzid and engine / floor (aim: <= 2x). Times are the
// process's CPU time, best of BENCH_ROUNDS rounds (tzid: one round), as the machines are shared.
// Then the median wall time of POST /api/events creating a 180-occurrence event (app.inject on the
// embedded database, BENCH_CREATES times after a warm-up; aim p50 <= 30 ms).
import { eq } from 'drizzle-orm';
import rrule from 'rrule';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { locations, users } from '../apps/server/src/platform/db/schema.js';
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

// Event creation through the API: the event, its guest and 180 occurrences in one transaction.
const CREATES = Number(process.env.BENCH_CREATES ?? 60);
const database = await openDatabase({ dataDir: null });
await database.migrate();
const passwordHash = await hashPassword('bench password');
const [organiser] = await database.db
  .insert(users)
  .values([
    { username: 'bench-admin', passwordHash, role: 'admin', status: 'active' },
    { username: 'bench-editor', passwordHash, role: 'editor', status: 'active', timezone: 'Europe/London' },
    { username: 'bench-guest', passwordHash, role: 'guest', status: 'active' },
  ])
  .returning({ id: users.id })
  .then((rows) => rows.slice(1));
const [guest] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'bench-guest'));
const [location] = await database.db.insert(locations).values({ name: 'Bench hall' }).returning({ id: locations.id });
const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench-admin', password: 'bench password' },
});
const authorization = `Bearer ${login.json<{ accessToken: string }>().accessToken}`;
const payload = {
  title: 'Bench event',
  locationId: location!.id,
  organiserId: organiser!.id,
  guestIds: [guest!.id],
  repeat: {
    doesNotRepeat: false,
    start: '2025-09-01T10:00',
    frequency: 'day',
    interval: 1,
    weekdays: [],
    end: { type: 'after', count: 180 },
  },
  endTime: '11:00',
};
const durations: number[] = [];
for (let i = 0; i < CREATES + 10; i++) {
  const started = process.hrtime.bigint();
  const response = await app.inject({ method: 'POST', url: '/api/events', headers: { authorization }, payload });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  if (i >= 10) durations.push(ms);
}
durations.sort((a, b) => a - b);
const median = durations[Math.floor(durations.length / 2)]!;
console.log(
  `create one 180-occurrence event (POST /api/events, PGlite)  p50 ${median.toFixed(1)} ms, ` +
    `p90 ${durations[Math.floor(durations.length * 0.9)]!.toFixed(1)} ms over ${CREATES} (aim p50 <= 30 ms)`,
);
await app.close();
await database.close();
