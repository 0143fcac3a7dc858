import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seriesOccurrences } from './expand.js';
import { buildRuleText, ruleToOptions, type RepeatingEventOptions, type RepeatOptions } from './repeat-options.js';
import { parseRule, WEEKDAY_CODES } from './rule.js';

const NOW = new Date('2025-09-01T00:00:00Z');
const repeating = (options: Partial<RepeatingEventOptions>): RepeatingEventOptions => ({
  doesNotRepeat: false,
  zone: 'Europe/Istanbul',
  start: '2025-09-01T10:00',
  frequency: 'week',
  interval: 1,
  weekdays: [],
  end: { type: 'never' },
  ...options,
});

describe('buildRuleText', () => {
  it('writes a single event as FREQ=DAILY;INTERVAL=1;COUNT=1 (docs/product.md §9)', () => {
    const text = buildRuleText({ doesNotRepeat: true, zone: 'Europe/Istanbul', start: '2025-09-10T14:00' });
    expect(text).toBe('DTSTART;TZID=Europe/Istanbul:20250910T140000\nRRULE:FREQ=DAILY;INTERVAL=1;COUNT=1');
    expect(seriesOccurrences(parseRule(text), { now: NOW }).map((d) => d.toISOString())).toEqual([
      '2025-09-10T11:00:00.000Z',
    ]);
  });

  it('writes a weekly Monday and Wednesday event ending after 6', () => {
    const text = buildRuleText(repeating({ weekdays: ['WE', 'MO'], end: { type: 'after', count: 6 } }));
    expect(text).toBe('DTSTART;TZID=Europe/Istanbul:20250901T100000\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;COUNT=6');
  });

  it('uses the start weekday for a weekly event with no weekday ticked', () => {
    expect(buildRuleText(repeating({ start: '2025-09-04T10:00' }))).toMatch(/RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TH$/);
  });

  it('ends On a date at the end of that local day, in UTC', () => {
    expect(buildRuleText(repeating({ frequency: 'day', end: { type: 'on', date: '2025-12-01' } }))).toMatch(
      /RRULE:FREQ=DAILY;INTERVAL=1;UNTIL=20251201T205959Z$/,
    );
    expect(
      buildRuleText(
        repeating({ zone: 'Europe/London', frequency: 'month', interval: 2, end: { type: 'on', date: '2026-06-30' } }),
      ),
    ).toMatch(/RRULE:FREQ=MONTHLY;INTERVAL=2;UNTIL=20260630T225959Z$/);
  });

  it('includes the last day of an On end date', () => {
    const text = buildRuleText(repeating({ frequency: 'day', end: { type: 'on', date: '2025-09-03' } }));
    expect(seriesOccurrences(parseRule(text), { now: NOW })).toHaveLength(3);
  });

  it('writes a never-ending yearly event without COUNT or UNTIL', () => {
    expect(buildRuleText(repeating({ frequency: 'year', interval: 1 }))).toMatch(/RRULE:FREQ=YEARLY;INTERVAL=1$/);
  });

  it('carries the EXDATEs of the rule being edited', () => {
    const old = parseRule(
      'DTSTART;TZID=Europe/Istanbul:20250901T100000\nRRULE:FREQ=WEEKLY;BYDAY=MO\nEXDATE;TZID=Europe/Istanbul:20250908T100000',
    );
    expect(buildRuleText(repeating({ weekdays: ['MO'], end: { type: 'after', count: 4 } }), old.exdates)).toBe(
      'DTSTART;TZID=Europe/Istanbul:20250901T100000\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=4\n' +
        'EXDATE;TZID=Europe/Istanbul:20250908T100000',
    );
  });

  it.each([
    [{ zone: 'Mars/Base' }, 'Unknown time zone: Mars/Base'],
    [{ start: '2025-02-30T10:00' }, 'Invalid start date and time: 2025-02-30T10:00'],
    [{ start: 'tomorrow' }, 'Invalid start date and time: tomorrow'],
    [{ interval: 0 }, 'INTERVAL must be a whole number from 1 to 1000'],
    [{ interval: 1.5 }, 'INTERVAL must be a whole number from 1 to 1000'],
    [{ end: { type: 'after', count: 0 } }, 'COUNT must be a positive whole number'],
    [{ end: { type: 'on', date: '2025-13-01' } }, 'Invalid end date: 2025-13-01'],
  ] as const)('refuses %j with %j', (change, message) => {
    expect(() => buildRuleText(repeating(change as Partial<RepeatingEventOptions>))).toThrow(message);
  });
});

describe('ruleToOptions', () => {
  it('reads a single event back', () => {
    expect(ruleToOptions('DTSTART;TZID=Europe/London:20250910T140000\nRRULE:FREQ=DAILY;INTERVAL=1;COUNT=1')).toEqual({
      doesNotRepeat: true,
      zone: 'Europe/London',
      start: '2025-09-10T14:00',
    });
  });

  it('reads an UNTIL instant back as its local date', () => {
    expect(
      ruleToOptions('DTSTART;TZID=Europe/Istanbul:20250901T100000\nRRULE:FREQ=DAILY;UNTIL=20251201T205959Z'),
    ).toMatchObject({
      frequency: 'day',
      end: { type: 'on', date: '2025-12-01' },
    });
  });

  it('reads the rrule.js defaults the form relies on (weekday, day of month, date of year)', () => {
    const start = 'DTSTART;TZID=UTC:20250904T100000\nRRULE:';
    expect(ruleToOptions(`${start}FREQ=WEEKLY`)).toMatchObject({ frequency: 'week', weekdays: ['TH'] });
    expect(ruleToOptions(`${start}FREQ=MONTHLY;BYMONTHDAY=4`)).toMatchObject({ frequency: 'month' });
    expect(ruleToOptions(`${start}FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=4`)).toMatchObject({ frequency: 'year' });
  });

  it.each([
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=MONTHLY;BYMONTHDAY=15',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2',
    'FREQ=YEARLY;BYEASTER=0',
    'FREQ=DAILY;BYDAY=MO,TU',
    'FREQ=WEEKLY;BYMONTH=6',
    'FREQ=WEEKLY;INTERVAL=2;WKST=SU',
  ])('gives null for %s, which the form cannot show', (rrule) => {
    expect(ruleToOptions(`DTSTART;TZID=UTC:20250904T100000\nRRULE:${rrule}`)).toBeNull();
  });

  it('reads back what buildRuleText wrote, for any form input', () => {
    const options = fc.oneof(
      fc.record({
        doesNotRepeat: fc.constant(true as const),
        zone: fc.constantFrom('Europe/Istanbul', 'Europe/London', 'America/New_York'),
        start: startArbitrary,
      }),
      fc.record({
        doesNotRepeat: fc.constant(false as const),
        zone: fc.constantFrom('Europe/Istanbul', 'Europe/London', 'America/New_York'),
        start: startArbitrary,
        frequency: fc.constantFrom('day' as const, 'week' as const, 'month' as const, 'year' as const),
        interval: fc.integer({ min: 1, max: 30 }),
        weekdays: fc.subarray([...WEEKDAY_CODES], { minLength: 1 }),
        end: fc.oneof(
          fc.constant({ type: 'never' as const }),
          fc.record({ type: fc.constant('after' as const), count: fc.integer({ min: 1, max: 180 }) }),
          fc.record({ type: fc.constant('on' as const), date: dateArbitrary }),
        ),
      }),
    );
    fc.assert(
      fc.property(options, (input: RepeatOptions) => {
        // Daily, every 1 day, after 1 is exactly how a single event is stored (docs/product.md §4): it reads back as one.
        const single =
          !input.doesNotRepeat &&
          input.frequency === 'day' &&
          input.interval === 1 &&
          input.end.type === 'after' &&
          input.end.count === 1;
        const expected = single
          ? { doesNotRepeat: true, zone: input.zone, start: input.start }
          : input.doesNotRepeat || input.frequency === 'week'
            ? input
            : { ...input, weekdays: [] };
        expect(ruleToOptions(buildRuleText(input))).toEqual(expected);
      }),
    );
  });
});

const pad = (n: number) => String(n).padStart(2, '0');
const dateArbitrary = fc
  .tuple(fc.integer({ min: 2024, max: 2027 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`);
const startArbitrary = fc
  .tuple(dateArbitrary, fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([date, h, m]) => `${date}T${pad(h)}:${pad(m)}`);
