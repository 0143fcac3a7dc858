import { describe, expect, it } from 'vitest';
import { expandRule, seriesOccurrences, startInstant } from './expand.js';
import { formatRule, parseRule } from './rule.js';
import { splitRule } from './split.js';

const now = new Date('2026-01-01T00:00:00Z');
const all = (text: string) => seriesOccurrences(parseRule(text), { now }).map((d) => d.toISOString());

/** The two halves' occurrences together are the whole rule's, for a split at each of its slots. */
function expectHalvesMakeTheWhole(text: string) {
  const rule = parseRule(text);
  const whole = all(text);
  for (const at of whole.slice(1)) {
    const { before, after } = splitRule(rule, new Date(at));
    const first = all(formatRule(before));
    const second = all(formatRule(after));
    expect(first.at(-1)! < at, `before ${at}`).toBe(true);
    expect(second[0], `after ${at}`).toBe(at);
    expect([...first, ...second]).toEqual(whole);
  }
}

describe('splitRule', () => {
  it('cuts a COUNT rule into an UNTIL part and a COUNT part that together make the whole, across DST', () => {
    expectHalvesMakeTheWhole(
      'DTSTART;TZID=America/New_York:20260302T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=9\nEXDATE;TZID=America/New_York:20260319T093000',
    );
  });

  it('keeps the time of a slot a spring-forward gap moved, and an UNTIL, for the later part', () => {
    const text = 'DTSTART;TZID=America/New_York:20260301T023000\nRRULE:FREQ=WEEKLY;UNTIL=20260405T235959Z';
    expectHalvesMakeTheWhole(text);
    // 8 March 02:30 does not exist: the slot is 03:30 EDT, but the rule from it still says 02:30.
    const { after } = splitRule(parseRule(text), new Date('2026-03-08T07:30:00Z'));
    expect(formatRule(after)).toContain('DTSTART;TZID=America/New_York:20260308T023000');
    expect(expandRule(after, { from: startInstant(after), to: new Date('2026-03-16T00:00:00Z') })).toEqual([
      new Date('2026-03-08T07:30:00Z'),
      new Date('2026-03-15T06:30:00Z'),
    ]);
  });

  it('splits monthly rules on a day of the month, every other month', () => {
    expectHalvesMakeTheWhole('DTSTART;TZID=Europe/London:20260131T180000\nRRULE:FREQ=MONTHLY;INTERVAL=2;COUNT=6');
    expectHalvesMakeTheWhole('DTSTART;TZID=Europe/Istanbul:20260105T080000\nRRULE:FREQ=MONTHLY;BYDAY=1MO;COUNT=8');
  });
});
