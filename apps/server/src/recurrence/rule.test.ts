import { describe, expect, it } from 'vitest';
import { RecurrenceError } from './errors.js';
import { addExdate, formatRule, parseRule, validateRule } from './rule.js';

const NOW = new Date('2025-09-01T09:00:00Z');
const START = 'DTSTART;TZID=Europe/Istanbul:20250902T100000';
const rule = (rrule: string, extra = '') => `${START}\nRRULE:${rrule}${extra}`;

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RecurrenceError);
    return (error as Error).message;
  }
  throw new Error('expected a RecurrenceError');
}

describe('parseRule', () => {
  it('reads DTSTART with TZID, the RRULE parts and EXDATEs', () => {
    const parsed = parseRule(
      `${START}\nRRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR,2TU;BYMONTH=1,7;BYSETPOS=1;WKST=SU;COUNT=10\n` +
        'EXDATE;TZID=Europe/Istanbul:20251031T100000,20251128T100000',
    );
    expect(parsed).toMatchObject({
      zone: 'Europe/Istanbul',
      start: Date.UTC(2025, 8, 2, 10),
      freq: 'MONTHLY',
      interval: 2,
      count: 10,
      byDay: [
        { weekday: 'FR', n: -1 },
        { weekday: 'TU', n: 2 },
      ],
      byMonth: [1, 7],
      bySetPos: [1],
      wkst: 'SU',
    });
    expect(parsed.exdates).toEqual([
      { kind: 'local', local: Date.UTC(2025, 9, 31, 10) },
      { kind: 'local', local: Date.UTC(2025, 10, 28, 10) },
    ]);
  });

  it('accepts lower case, a bare rule line, a trailing semicolon and CRLF line ends', () => {
    const parsed = parseRule('dtstart;tzid=europe/london:20250902T100000\r\nfreq=weekly;byday=mo,we;');
    expect(parsed).toMatchObject({
      zone: 'Europe/London',
      freq: 'WEEKLY',
      byDay: [{ weekday: 'MO' }, { weekday: 'WE' }],
    });
  });

  it('reads a DTSTART in UTC as the UTC zone, and a floating one in the default zone', () => {
    expect(parseRule('DTSTART:20250902T100000Z\nRRULE:FREQ=DAILY')).toMatchObject({ zone: 'UTC' });
    expect(parseRule('DTSTART:20250902T100000\nRRULE:FREQ=DAILY')).toMatchObject({ zone: 'UTC' });
    expect(parseRule('DTSTART:20250902T100000\nRRULE:FREQ=DAILY', { defaultZone: 'Europe/London' })).toMatchObject({
      zone: 'Europe/London',
      start: Date.UTC(2025, 8, 2, 10),
    });
  });

  it('keeps an EXDATE in another zone as the instant it names', () => {
    const parsed = parseRule(`${rule('FREQ=DAILY')}\nEXDATE;TZID=Europe/London:20250905T080000`);
    expect(parsed.exdates).toEqual([{ kind: 'instant', instant: Date.UTC(2025, 8, 5, 7) }]);
  });

  it('reads UNTIL as an instant, a local time or a whole date', () => {
    expect(parseRule(rule('FREQ=DAILY;UNTIL=20251224T000000Z')).until).toEqual({
      kind: 'instant',
      instant: Date.UTC(2025, 11, 24),
    });
    expect(parseRule(rule('FREQ=DAILY;UNTIL=20251224T100000')).until).toEqual({
      kind: 'local',
      local: Date.UTC(2025, 11, 24, 10),
    });
    expect(parseRule(rule('FREQ=DAILY;UNTIL=20251224')).until).toEqual({ kind: 'date', local: Date.UTC(2025, 11, 24) });
  });

  it.each([
    ['', 'Invalid empty string'],
    ['   \n ', 'Invalid empty string'],
    [`${START}\nRRULE;X-FOO=1:FREQ=DAILY`, 'unsupported RRULE parm: X-FOO=1'],
    [`${START}\nRRULE:FREQ=DAILY\nSUMMARY:Standup`, 'unsupported property: SUMMARY'],
    [`${START}\nRRULE:FREQ=DAILY\nEXDATE;X-FOO=1:20250903T100000`, 'unsupported RDATE/EXDATE parm: X-FOO=1'],
    [`${START}\nRRULE:FREQ=DAILY\nRDATE:20250903T100000`, 'RDATE is not supported'],
    [`${START}\nRRULE:FREQ=DAILY\nEXRULE:FREQ=WEEKLY`, 'EXRULE is not supported'],
    [rule('FREQ=DAILY;FOO=1'), "Unknown RRULE property 'FOO'"],
    [rule('FREQ=DAILY;BYDAY=XX'), 'Invalid weekday string: XX'],
    [rule('FREQ=MONTHLY;BYDAY=0MO'), 'Invalid weekday string: 0MO'],
    [rule('FREQ=DAILY;UNTIL=2025'), 'Invalid UNTIL value: 2025'],
    [rule('FREQ=DAILY;UNTIL=20251340'), 'Invalid UNTIL value: 20251340'],
    [rule('FREQ=HOURLY;INTERVAL=3'), 'Events cannot repeat more often than daily (FREQ=HOURLY is not supported)'],
    [rule('FREQ=MINUTELY'), 'Events cannot repeat more often than daily (FREQ=MINUTELY is not supported)'],
    [rule('FREQ=SECONDLY'), 'Events cannot repeat more often than daily (FREQ=SECONDLY is not supported)'],
    [rule('FREQ=FORTNIGHTLY'), 'Invalid FREQ value: FORTNIGHTLY'],
    [rule('INTERVAL=2'), 'FREQ is required'],
    [rule('FREQ=DAILY;FREQ=WEEKLY'), 'FREQ is given twice'],
    [rule('FREQ=DAILY;INTERVAL=0'), 'INTERVAL must be a whole number from 1 to 1000'],
    [rule('FREQ=DAILY;INTERVAL=x'), 'INTERVAL must be a whole number from 1 to 1000'],
    [rule('FREQ=DAILY;COUNT=0'), 'COUNT must be a positive whole number'],
    [rule('FREQ=DAILY;COUNT=2;UNTIL=20251224T000000Z'), 'COUNT and UNTIL cannot both be set'],
    [rule('FREQ=MONTHLY;BYMONTHDAY=32'), 'BYMONTHDAY values must be from 1 to 31 or -31 to -1'],
    [rule('FREQ=MONTHLY;BYMONTHDAY=0'), 'BYMONTHDAY values must be from 1 to 31 or -31 to -1'],
    [rule('FREQ=YEARLY;BYMONTH=13'), 'BYMONTH must be a whole number from 1 to 12'],
    [rule('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0'), 'BYSETPOS values must be from 1 to 366 or -366 to -1'],
    [rule('FREQ=MONTHLY;BYSETPOS=1'), 'BYSETPOS needs another BY rule part (such as BYDAY)'],
    [rule('FREQ=WEEKLY;BYDAY=2TU'), 'BYDAY with a number (such as 2TU) needs FREQ=MONTHLY or YEARLY'],
    [rule('FREQ=MONTHLY;BYDAY=6TU'), 'BYDAY numbers must be from -5 to 5'],
    [rule('FREQ=YEARLY;BYDAY=54TU'), 'BYDAY numbers must be from -53 to 53'],
    [rule('FREQ=WEEKLY;BYMONTHDAY=1'), 'BYMONTHDAY cannot be used with FREQ=WEEKLY'],
    [rule('FREQ=MONTHLY;BYEASTER=0'), 'BYEASTER needs FREQ=YEARLY'],
    [rule('FREQ=WEEKLY;WKST=XX'), 'Invalid WKST value: XX'],
    [rule('FREQ=DAILY;BYHOUR=9,17'), 'BYHOUR is not supported'],
    [rule('FREQ=YEARLY;BYYEARDAY=1,100'), 'BYYEARDAY is not supported'],
    [rule('FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO'), 'BYWEEKNO is not supported'],
    ['RRULE:FREQ=DAILY', 'DTSTART is required'],
    [START, 'RRULE is required'],
    [`${START}\n${START}\nRRULE:FREQ=DAILY`, 'Only one DTSTART is allowed'],
    [`${START}\nRRULE:FREQ=DAILY\nRRULE:FREQ=WEEKLY`, 'Only one RRULE is supported'],
    ['DTSTART;TZID=Mars/Olympus:20250902T100000\nRRULE:FREQ=DAILY', 'Unknown time zone: Mars/Olympus'],
    ['DTSTART;TZID=+03:00:20250902T100000\nRRULE:FREQ=DAILY', 'Unknown time zone: +03'],
    ['DTSTART;TZID=Europe/London:20250231T100000\nRRULE:FREQ=DAILY', 'Invalid DTSTART value: 20250231T100000'],
    ['DTSTART;TZID=Europe/London:20250902T250000\nRRULE:FREQ=DAILY', 'Invalid DTSTART value: 20250902T250000'],
    ['DTSTART;TZID=Europe/London:20250902T100000Z\nRRULE:FREQ=DAILY', 'Invalid DTSTART value: 20250902T100000Z'],
    ['DTSTART;VALUE=DATE:20250902\nRRULE:FREQ=DAILY', 'DTSTART must be a date and time (YYYYMMDDTHHMMSS)'],
    ['DTSTART:20250902\nRRULE:FREQ=DAILY', 'DTSTART must be a date and time (YYYYMMDDTHHMMSS)'],
    ['DTSTART;X-FOO=1:20250902T100000\nRRULE:FREQ=DAILY', 'unsupported DTSTART parm: X-FOO=1'],
    ['DTSTART;TZID=Europe/London:18990101T100000\nRRULE:FREQ=DAILY', 'DTSTART must be between the years 1900 and 2999'],
    [`${rule('FREQ=DAILY')}\nEXDATE;TZID=Nowhere/Land:20250903T100000`, 'Unknown time zone: Nowhere/Land'],
    [`${rule('FREQ=DAILY')}\nEXDATE;VALUE=DATE:20250903T100000`, 'Invalid EXDATE value: 20250903T100000'],
    [`${rule('FREQ=DAILY')}\nEXDATE:2025-09-03`, 'Invalid EXDATE value: 2025-09-03'],
  ])('refuses %j with %j', (text, message) => {
    expect(errorOf(() => parseRule(text))).toBe(message);
  });

  it('never lets anything but a RecurrenceError out, whatever the text', () => {
    const texts = ['DTSTART', 'DTSTART:', ':', ';;;', 'RRULE:', 'RRULE:=', 'FREQ=', 'DTSTART;TZID=:1', '\u0000'];
    for (const text of texts) expect(() => parseRule(text)).toThrow(RecurrenceError);
  });
});

describe('validateRule', () => {
  it('accepts COUNT up to 180', () => {
    expect(validateRule(rule('FREQ=DAILY;COUNT=180'), { now: NOW }).count).toBe(180);
  });

  it("refuses COUNT over 180 with 'Maximum number of occurrences is 180'", () => {
    expect(errorOf(() => validateRule(rule('FREQ=DAILY;COUNT=181'), { now: NOW }))).toBe(
      'Maximum number of occurrences is 180',
    );
  });

  it('accepts UNTIL on the last day of the coming year, in the rule zone', () => {
    // One year from 2025-09-01T09:00Z is 2026-09-01 12:00 in Istanbul: that whole day is allowed.
    expect(validateRule(rule('FREQ=DAILY;UNTIL=20260901T205959Z'), { now: NOW }).until).toBeDefined();
    expect(validateRule(rule('FREQ=DAILY;UNTIL=20260901'), { now: NOW }).until).toBeDefined();
  });

  it.each(['FREQ=DAILY;UNTIL=20260901T210000Z', 'FREQ=DAILY;UNTIL=20260902', 'FREQ=WEEKLY;UNTIL=20300101T000000Z'])(
    "refuses %s with 'End date cannot be more than 1 year from now'",
    (rrule) => {
      expect(errorOf(() => validateRule(rule(rrule), { now: NOW }))).toBe(
        'End date cannot be more than 1 year from now',
      );
    },
  );

  it('also reports syntax errors', () => {
    expect(errorOf(() => validateRule(rule('FREQ=HOURLY'), { now: NOW }))).toMatch(/more often than daily/);
  });
});

describe('formatRule', () => {
  it('writes the canonical text, which reads back as the same rule', () => {
    const text =
      'DTSTART;TZID=America/New_York:20250902T090000\n' +
      'RRULE:FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYMONTHDAY=2,3,4,5,6,7,8;BYDAY=TU;WKST=SU;UNTIL=20351231T000000Z\n' +
      'EXDATE;TZID=America/New_York:20281107T090000\n' +
      'EXDATE:20321102T140000Z\n' +
      'EXDATE;VALUE=DATE:20341107';
    const parsed = parseRule(text);
    expect(formatRule(parsed)).toBe(text);
    expect(parseRule(formatRule(parsed))).toEqual(parsed);
  });

  it('writes a single event as FREQ=DAILY;INTERVAL=1;COUNT=1', () => {
    expect(formatRule(parseRule(`${START}\nRRULE:COUNT=1;FREQ=DAILY`))).toBe(
      `${START}\nRRULE:FREQ=DAILY;INTERVAL=1;COUNT=1`,
    );
  });
});

describe('addExdate', () => {
  it('adds the occurrence as a wall-clock EXDATE in the rule zone', () => {
    const text = addExdate(rule('FREQ=DAILY;COUNT=5'), new Date('2025-09-03T07:00:00Z'));
    expect(text).toBe(`${START}\nRRULE:FREQ=DAILY;INTERVAL=1;COUNT=5\nEXDATE;TZID=Europe/Istanbul:20250903T100000`);
    expect(addExdate(text, new Date('2025-09-04T07:00:00Z'))).toMatch(
      /EXDATE;TZID=Europe\/Istanbul:20250903T100000,20250904T100000$/,
    );
  });

  it('writes the second 01:30 of a fall-back night as UTC, since its wall-clock time means the first', () => {
    const text = 'DTSTART;TZID=Europe/London:20251025T013000\nRRULE:FREQ=DAILY;COUNT=3';
    expect(addExdate(text, new Date('2025-10-26T01:30:00Z'))).toMatch(/\nEXDATE:20251026T013000Z$/);
    expect(addExdate(text, new Date('2025-10-26T00:30:00Z'))).toMatch(/\nEXDATE;TZID=Europe\/London:20251026T013000$/);
  });
});
