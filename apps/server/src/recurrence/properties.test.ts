import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import rrule from 'rrule';
import { describe, expect, it } from 'vitest';
import { expandRule, MAX_EXPANSION, seriesOccurrences } from './expand.js';
import { RecurrenceError } from './errors.js';
import { parseRule, validateRule, WEEKDAY_CODES, type RecurrenceRule } from './rule.js';

const { rrulestr } = rrule;
const NOW = new Date('2025-09-01T00:00:00Z');
const DAY = 86_400_000;
const ZONES = [
  'Europe/London',
  'Europe/Istanbul',
  'America/New_York',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'UTC',
];
const pad = (n: number) => String(n).padStart(2, '0');
const compact = (d: DateTime) => d.toFormat("yyyyMMdd'T'HHmmss");

/**
 * Rules of every supported shape that always match again (rules that never do are tested on their
 * own: plain rrule.js, the reference below, would walk to the year 9999 on them).
 */
const ruleText = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    year: fc.integer({ min: 2024, max: 2026 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    // Early hours often fall in DST gaps or repeats.
    hour: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 23 })),
    minute: fc.constantFrom(0, 15, 30),
    shape: fc.oneof(
      fc.record({
        freq: fc.constant('DAILY'),
        interval: fc.integer({ min: 1, max: 3 }),
        parts: fc.constantFrom('', ';BYMONTH=1,6,11', ';BYMONTHDAY=1,15,-1'),
      }),
      fc.record({
        freq: fc.constant('DAILY'),
        interval: fc.integer({ min: 1, max: 6 }),
        parts: fc.subarray([...WEEKDAY_CODES], { minLength: 1 }).map((days) => `;BYDAY=${days.join(',')}`),
      }),
      fc.record({
        freq: fc.constant('WEEKLY'),
        interval: fc.integer({ min: 1, max: 3 }),
        parts: fc
          .tuple(
            fc.subarray([...WEEKDAY_CODES], { minLength: 1 }),
            fc.constantFrom('', ';WKST=SU', ';BYMONTH=3,10', ';BYSETPOS=-1'),
          )
          .map(([days, more]) => `;BYDAY=${days.join(',')}${more}`),
      }),
      fc.record({
        freq: fc.constant('MONTHLY'),
        interval: fc.integer({ min: 1, max: 3 }),
        parts: fc.oneof(
          fc.constant(''),
          fc.subarray([1, 2, 15, 28, 31, -1, -3], { minLength: 1 }).map((days) => `;BYMONTHDAY=${days.join(',')}`),
          fc
            .tuple(fc.constantFrom(...WEEKDAY_CODES), fc.constantFrom(1, 2, 3, 4, -1, -2))
            .map(([day, n]) => `;BYDAY=${n}${day}`),
          fc
            .tuple(fc.subarray([...WEEKDAY_CODES], { minLength: 2 }), fc.constantFrom(1, 2, -1, -2))
            .map(([days, pos]) => `;BYDAY=${days.join(',')};BYSETPOS=${pos}`),
        ),
      }),
      fc.record({
        freq: fc.constant('YEARLY'),
        interval: fc.integer({ min: 1, max: 2 }),
        parts: fc.oneof(
          fc.constant(''),
          fc.subarray([1, 3, 6, 10, 12], { minLength: 1 }).map((months) => `;BYMONTH=${months.join(',')}`),
          fc
            .tuple(fc.constantFrom(3, 10, 11), fc.constantFrom(...WEEKDAY_CODES), fc.constantFrom(1, 2, -1))
            .map(([month, day, n]) => `;BYMONTH=${month};BYDAY=${n}${day}`),
          fc.integer({ min: -3, max: 3 }).map((offset) => `;BYEASTER=${offset}`),
        ),
      }),
    ),
    end: fc.oneof(
      fc.constant(''),
      fc.integer({ min: 1, max: 60 }).map((count) => `;COUNT=${count}`),
      fc
        .integer({ min: 1, max: 365 })
        .map((days) => `;UNTIL=${compact(DateTime.fromJSDate(NOW, { zone: 'UTC' }).plus({ days }))}Z`),
    ),
    exdays: fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 3 }),
  })
  .map(({ zone, year, month, day, hour, minute, shape, end, exdays }) => {
    const start = DateTime.fromObject({ year, month, day, hour, minute }, { zone: 'UTC' });
    const exdates = exdays.map((d) => compact(start.plus({ days: d })));
    const rrulePart = `FREQ=${shape.freq};INTERVAL=${shape.interval}${shape.parts}${end}`;
    const exdate = exdates.length ? `\nEXDATE;TZID=${zone}:${exdates.join(',')}` : '';
    return {
      text: `DTSTART;TZID=${zone}:${compact(start)}\nRRULE:${rrulePart}${exdate}`,
      rrulePart,
      zone,
      start,
      exdates,
    };
  });

const windowArbitrary = fc
  .tuple(fc.integer({ min: -400, max: 400 }), fc.integer({ min: 1, max: 400 }))
  .map(([offset, length]) => ({
    from: new Date(NOW.getTime() + offset * DAY),
    to: new Date(NOW.getTime() + (offset + length) * DAY),
  }));

/**
 * The definition, computed independently of the engine: plain rrule.js in floating time, and each
 * wall-clock time placed with Luxon as RFC 5545 §3.3.5 says (a repeated time is the earlier instant;
 * a time in a gap is read with the offset before it).
 */
function reference(
  sample: { rrulePart: string; zone: string; start: DateTime; exdates: string[] },
  from: Date,
  to: Date,
): string[] {
  const floating = rrulestr(`DTSTART:${compact(sample.start)}\nRRULE:${sample.rrulePart.replace(/;UNTIL=[^;]*/, '')}`);
  const until = /UNTIL=(\w+)/.exec(sample.rrulePart)?.[1];
  const untilMs = until ? DateTime.fromFormat(until, "yyyyMMdd'T'HHmmss'Z'", { zone: 'UTC' }).toMillis() : Infinity;
  const zone = IANAZone.create(sample.zone);
  const place = (local: number) => {
    const before = zone.offset(local - DAY) * 60_000;
    const after = zone.offset(local + DAY) * 60_000;
    const fits = [local - Math.max(before, after), local - Math.min(before, after)].filter(
      (instant) => instant + zone.offset(instant) * 60_000 === local,
    );
    return fits.length ? Math.min(...fits) : local - before;
  };
  const excluded = new Set(
    sample.exdates.map((e) => place(DateTime.fromFormat(e, "yyyyMMdd'T'HHmmss", { zone: 'UTC' }).toMillis())),
  );
  return floating
    .between(new Date(from.getTime() - DAY), new Date(to.getTime() + DAY), true)
    .map((date) => place(date.getTime()))
    .filter((t) => t >= from.getTime() && t < to.getTime() && t <= untilMs && !excluded.has(t))
    .map((t) => new Date(t).toISOString());
}

describe('recurrence properties', () => {
  it('matches plain rrule.js placed by Luxon, in any window', () => {
    fc.assert(
      fc.property(ruleText, windowArbitrary, (sample, { from, to }) => {
        const engine = expandRule(parseRule(sample.text), { from, to }).map((d) => d.toISOString());
        expect(engine).toEqual(reference(sample, from, to));
      }),
      { numRuns: 400 },
    );
  });

  it('yields instants in strictly increasing order, each on a day and at a time the rule allows', () => {
    fc.assert(
      fc.property(ruleText, windowArbitrary, (sample, { from, to }) => {
        const rule = parseRule(sample.text);
        const instants = expandRule(rule, { from, to });
        instants.forEach((instant, i) => {
          if (i > 0) expect(instant.getTime()).toBeGreaterThan((instants[i - 1] as Date).getTime());
          expect(instant.getTime()).toBeGreaterThanOrEqual(from.getTime());
          expect(instant.getTime()).toBeLessThan(to.getTime());
          expectAllowed(rule, sample.start, instant);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('respects the caps: COUNT, UNTIL, the 12-month horizon and the expansion maximum', () => {
    fc.assert(
      fc.property(ruleText, (sample) => {
        const rule = validateRule(sample.text, { now: NOW });
        let instants: Date[];
        try {
          instants = seriesOccurrences(rule, { now: NOW });
        } catch (error) {
          // Only a series with more than MAX_EXPANSION occurrences in its window is refused.
          expect(error).toEqual(new RecurrenceError('A series cannot create more than 546 occurrences at once'));
          const first = new Date(Date.UTC(2020, 0, 1));
          expect(expandRule(rule, { from: first, to: new Date(Date.UTC(2030, 0, 1)) })).toHaveLength(MAX_EXPANSION);
          return;
        }
        expect(instants.length).toBeLessThanOrEqual(MAX_EXPANSION);
        if (rule.count !== undefined) expect(instants.length).toBeLessThanOrEqual(rule.count);
        const last = instants.at(-1)?.getTime() ?? -Infinity;
        if (rule.until?.kind === 'instant') expect(last).toBeLessThanOrEqual(rule.until.instant);
        if (rule.count === undefined && !rule.until) {
          expect(last).toBeLessThan(DateTime.fromJSDate(NOW, { zone: rule.zone }).plus({ months: 12 }).toMillis());
          const today = DateTime.fromJSDate(NOW, { zone: rule.zone }).startOf('day').toMillis();
          expect(instants[0]?.getTime() ?? Infinity).toBeGreaterThanOrEqual(today);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses COUNT over 180 and UNTIL over a year ahead, for any rule', () => {
    fc.assert(
      fc.property(
        ruleText,
        fc.integer({ min: 181, max: 100_000 }),
        fc.integer({ min: 367, max: 3000 }),
        (sample, count, days) => {
          const base = sample.text.replace(/;(COUNT|UNTIL)=[^;\n]*/, '');
          const withCount = base.replace(/(RRULE:[^\n]*)/, `$1;COUNT=${count}`);
          const until = compact(DateTime.fromJSDate(NOW, { zone: 'UTC' }).plus({ days }));
          const withUntil = base.replace(/(RRULE:[^\n]*)/, `$1;UNTIL=${until}Z`);
          expect(() => validateRule(withCount, { now: NOW })).toThrow(
            new RecurrenceError('Maximum number of occurrences is 180'),
          );
          expect(() => validateRule(withUntil, { now: NOW })).toThrow(
            new RecurrenceError('End date cannot be more than 1 year from now'),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('gives the same instants in two windows as in their union', () => {
    fc.assert(
      fc.property(ruleText, windowArbitrary, fc.integer({ min: 0, max: 400 }), (sample, { from, to }, split) => {
        const rule = parseRule(sample.text);
        const middle = new Date(Math.min(from.getTime() + split * DAY, to.getTime()));
        const whole = expandRule(rule, { from, to });
        expect([...expandRule(rule, { from, to: middle }), ...expandRule(rule, { from: middle, to })]).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });
});

describe('host time zone', () => {
  const samples = fc.sample(ruleText, { numRuns: 60, seed: 20250901 });
  const run = (rules: string[]) =>
    rules.map((text) => {
      try {
        return seriesOccurrences(validateRule(text, { now: NOW }), { now: NOW }).map((d) => d.toISOString());
      } catch (error) {
        return (error as Error).message;
      }
    });
  const inChild = (tz: string) => {
    const script = `
      const { seriesOccurrences } = await import(${JSON.stringify(fileURLToPath(new URL('./expand.ts', import.meta.url)))});
      const { validateRule } = await import(${JSON.stringify(fileURLToPath(new URL('./rule.ts', import.meta.url)))});
      const now = new Date(${JSON.stringify(NOW.toISOString())});
      const rules = JSON.parse(process.env.RULES);
      const results = rules.map((text) => {
        try { return seriesOccurrences(validateRule(text, { now }), { now }).map((d) => d.toISOString()); }
        catch (error) { return error.message; }
      });
      process.stdout.write(JSON.stringify({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, results }));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      env: { ...process.env, TZ: tz, RULES: JSON.stringify(samples.map((s) => s.text)) },
      encoding: 'utf8',
    });
    return JSON.parse(output) as { zone: string; results: unknown[] };
  };

  it('does not change any result (New York and Tokyo hosts, in child processes)', () => {
    const expected = run(samples.map((s) => s.text));
    const newYork = inChild('America/New_York');
    const tokyo = inChild('Asia/Tokyo');
    expect([newYork.zone, tokyo.zone]).toEqual(['America/New_York', 'Asia/Tokyo']);
    expect(newYork.results).toEqual(expected);
    expect(tokyo.results).toEqual(expected);
  }, 60_000);

  it("uses no host-local Date API in the engine's code", () => {
    const folder = new URL('.', import.meta.url);
    const sources = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const localApis =
      /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\(|getTimezoneOffset|toLocale\w*\(|DateTime\.(now|local)\(|new Date\([^()]*,/;
    for (const name of sources) {
      expect(readFileSync(new URL(name, folder), 'utf8'), name).not.toMatch(localApis);
    }
  });
});

/** The instant's local day and time in the rule's zone satisfy the rule's filters and DTSTART's time. */
function expectAllowed(rule: RecurrenceRule, start: DateTime, instant: Date) {
  const local = DateTime.fromJSDate(instant, { zone: rule.zone });
  if (rule.byMonth) expect(rule.byMonth).toContain(local.month);
  const plainDays = rule.byDay?.filter((d) => d.n === undefined).map((d) => d.weekday);
  if (plainDays?.length) expect(plainDays).toContain(WEEKDAY_CODES[local.weekday - 1]);
  if (rule.byMonthDay) {
    const fromEnd = local.day - (local.daysInMonth ?? 0) - 1;
    expect(rule.byMonthDay.includes(local.day) || rule.byMonthDay.includes(fromEnd)).toBe(true);
  }
  // DTSTART's wall-clock time, unless that time did not exist on the day (then Luxon's shifted time).
  const intended = DateTime.fromObject(
    { year: local.year, month: local.month, day: local.day, hour: start.hour, minute: start.minute },
    { zone: rule.zone },
  );
  expect(local.toFormat('HH:mm')).toBe(intended.toFormat('HH:mm'));
  expect(`${pad(local.hour)}:${pad(local.minute)}`).toBe(local.toFormat('HH:mm'));
}
