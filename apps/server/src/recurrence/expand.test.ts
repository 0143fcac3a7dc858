import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { RecurrenceError } from './errors.js';
import { expandRule, MAX_EXPANSION, seriesOccurrences, startInstant } from './expand.js';
import { parseRule, validateRule } from './rule.js';

const NOW = new Date('2025-09-01T00:00:00Z');

/** Wall-clock times of instants in a zone, as 'YYYY-MM-DD HH:mm'. */
const wallClock = (instants: Date[], zone: string) =>
  instants.map((d) => DateTime.fromJSDate(d, { zone }).toFormat('yyyy-MM-dd HH:mm'));
const iso = (instants: Date[]) => instants.map((d) => d.toISOString());

/**
 * RFC 5545 §3.8.5.3 examples, moved 28 years on (1997 -> 2025: same weekdays and leap years) so they
 * fall within the caps relative to NOW. Dates are written as in the RFC; `redate` moves them.
 */
const redate = (text: string) =>
  text.replace(/\b((?:19|20)\d\d)(?=-?\d\d-?\d\d)/g, (year) => String(Number(year) + 28));
const RFC = 'America/New_York';
const at9 = (...days: string[]) => days.map((day) => `${redate(day)} 09:00`);

function rfcSeries(rrule: string, dtstart = '19970902T090000', extra = ''): Date[] {
  const text = redate(`DTSTART;TZID=${RFC}:${dtstart}\nRRULE:${rrule}${extra}`);
  return seriesOccurrences(validateRule(text, { now: NOW }), { now: NOW });
}

function rfcFirst(rrule: string, dtstart: string, take: number, extra = ''): Date[] {
  const rule = validateRule(redate(`DTSTART;TZID=${RFC}:${dtstart}\nRRULE:${rrule}${extra}`), { now: NOW });
  return expandRule(rule, { from: startInstant(rule), to: new Date('2040-01-01T00:00:00Z'), limit: take });
}

describe('RFC 5545 §3.8.5.3 examples (re-dated by 28 years)', () => {
  it('Daily for 10 occurrences', () => {
    expect(wallClock(rfcSeries('FREQ=DAILY;COUNT=10'), RFC)).toEqual(
      at9(...['02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((d) => `1997-09-${d}`)),
    );
  });

  it('Daily until December 24, 1997 (keeps 09:00 across the November change)', () => {
    const local = wallClock(rfcSeries('FREQ=DAILY;UNTIL=19971224T000000Z'), RFC);
    expect(local).toHaveLength(113);
    expect(local.every((t) => t.endsWith(' 09:00'))).toBe(true);
    expect(local.at(-1)).toBe(at9('1997-12-23')[0]);
  });

  it('Every other day - forever', () => {
    expect(wallClock(rfcFirst('FREQ=DAILY;INTERVAL=2', '19970902T090000', 3), RFC)).toEqual(
      at9('1997-09-02', '1997-09-04', '1997-09-06'),
    );
  });

  it('Every 10 days, 5 occurrences', () => {
    expect(wallClock(rfcSeries('FREQ=DAILY;INTERVAL=10;COUNT=5'), RFC)).toEqual(
      at9('1997-09-02', '1997-09-12', '1997-09-22', '1997-10-02', '1997-10-12'),
    );
  });

  it('Every day in January, for 3 years: over the 1-year cap, yet the engine expands it', () => {
    const text = redate(
      `DTSTART;TZID=${RFC}:19980101T090000\nRRULE:FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA`,
    );
    expect(() => validateRule(text, { now: NOW })).toThrow('End date cannot be more than 1 year from now');
    const rule = parseRule(text);
    const local = wallClock(seriesOccurrences(rule, { now: NOW }), RFC);
    expect(local).toHaveLength(93);
    expect([local[0], local[30], local[31], local[92]]).toEqual(
      at9('1998-01-01', '1998-01-31', '1999-01-01', '2000-01-31'),
    );
  });

  it('Weekly for 10 occurrences', () => {
    expect(wallClock(rfcSeries('FREQ=WEEKLY;COUNT=10'), RFC)).toEqual(
      at9(
        ...['09-02', '09-09', '09-16', '09-23', '09-30', '10-07', '10-14', '10-21', '10-28', '11-04'].map(
          (d) => `1997-${d}`,
        ),
      ),
    );
  });

  it('Weekly until December 24, 1997', () => {
    const local = wallClock(rfcSeries('FREQ=WEEKLY;UNTIL=19971224T000000Z'), RFC);
    expect(local).toHaveLength(17);
    expect(local.at(-1)).toBe(at9('1997-12-23')[0]);
  });

  it('Every other week - forever', () => {
    expect(wallClock(rfcFirst('FREQ=WEEKLY;INTERVAL=2;WKST=SU', '19970902T090000', 3), RFC)).toEqual(
      at9('1997-09-02', '1997-09-16', '1997-09-30'),
    );
  });

  it('Weekly on Tuesday and Thursday for five weeks (UNTIL and COUNT forms)', () => {
    const expected = at9(
      ...['09-02', '09-04', '09-09', '09-11', '09-16', '09-18', '09-23', '09-25', '09-30', '10-02'].map(
        (d) => `1997-${d}`,
      ),
    );
    expect(wallClock(rfcSeries('FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH'), RFC)).toEqual(expected);
    expect(wallClock(rfcSeries('FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH'), RFC)).toEqual(expected);
  });

  it('Every other week on Monday, Wednesday, and Friday until December 24, 1997', () => {
    const local = wallClock(
      rfcSeries('FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR', '19970901T090000'),
      RFC,
    );
    expect(local).toHaveLength(25);
    expect(local.slice(0, 7)).toEqual(
      at9('1997-09-01', '1997-09-03', '1997-09-05', '1997-09-15', '1997-09-17', '1997-09-19', '1997-09-29'),
    );
    expect(local.at(-1)).toBe(at9('1997-12-22')[0]);
  });

  it('Every other week on Tuesday and Thursday, for 8 occurrences', () => {
    expect(wallClock(rfcSeries('FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH'), RFC)).toEqual(
      at9(...['09-02', '09-04', '09-16', '09-18', '09-30', '10-02', '10-14', '10-16'].map((d) => `1997-${d}`)),
    );
  });

  it('Monthly on the first Friday for 10 occurrences, and until December 24, 1997', () => {
    expect(wallClock(rfcSeries('FREQ=MONTHLY;COUNT=10;BYDAY=1FR', '19970905T090000'), RFC)).toEqual(
      at9(
        ...['1997-09-05', '1997-10-03', '1997-11-07', '1997-12-05', '1998-01-02'],
        ...['1998-02-06', '1998-03-06', '1998-04-03', '1998-05-01', '1998-06-05'],
      ),
    );
    expect(wallClock(rfcSeries('FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR', '19970905T090000'), RFC)).toEqual(
      at9('1997-09-05', '1997-10-03', '1997-11-07', '1997-12-05'),
    );
  });

  it('Every other month on the first and last Sunday of the month for 10 occurrences', () => {
    expect(wallClock(rfcSeries('FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU', '19970907T090000'), RFC)).toEqual(
      at9(
        ...['1997-09-07', '1997-09-28', '1997-11-02', '1997-11-30', '1998-01-04'],
        ...['1998-01-25', '1998-03-01', '1998-03-29', '1998-05-03', '1998-05-31'],
      ),
    );
  });

  it('Monthly on the second-to-last Monday of the month for 6 months', () => {
    expect(wallClock(rfcSeries('FREQ=MONTHLY;COUNT=6;BYDAY=-2MO', '19970922T090000'), RFC)).toEqual(
      at9('1997-09-22', '1997-10-20', '1997-11-17', '1997-12-22', '1998-01-19', '1998-02-16'),
    );
  });

  it('Monthly on the third-to-the-last day of the month, forever', () => {
    expect(wallClock(rfcFirst('FREQ=MONTHLY;BYMONTHDAY=-3', '19970928T090000', 6), RFC)).toEqual(
      at9('1997-09-28', '1997-10-29', '1997-11-28', '1997-12-29', '1998-01-29', '1998-02-26'),
    );
  });

  it('Monthly on the 2nd and 15th, and on the first and last day of the month, for 10 occurrences', () => {
    expect(wallClock(rfcSeries('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15'), RFC)).toEqual(
      at9(
        ...['1997-09-02', '1997-09-15', '1997-10-02', '1997-10-15', '1997-11-02'],
        ...['1997-11-15', '1997-12-02', '1997-12-15', '1998-01-02', '1998-01-15'],
      ),
    );
    expect(wallClock(rfcSeries('FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1', '19970930T090000'), RFC)).toEqual(
      at9(
        ...['1997-09-30', '1997-10-01', '1997-10-31', '1997-11-01', '1997-11-30'],
        ...['1997-12-01', '1997-12-31', '1998-01-01', '1998-01-31', '1998-02-01'],
      ),
    );
  });

  it('Every 18 months on the 10th thru 15th of the month for 10 occurrences', () => {
    expect(
      wallClock(rfcSeries('FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15', '19970910T090000'), RFC),
    ).toEqual(
      at9(
        ...['1997-09-10', '1997-09-11', '1997-09-12', '1997-09-13', '1997-09-14'],
        ...['1997-09-15', '1999-03-10', '1999-03-11', '1999-03-12', '1999-03-13'],
      ),
    );
  });

  it('Every Tuesday, every other month', () => {
    expect(wallClock(rfcFirst('FREQ=MONTHLY;INTERVAL=2;BYDAY=TU', '19970902T090000', 7), RFC)).toEqual(
      at9('1997-09-02', '1997-09-09', '1997-09-16', '1997-09-23', '1997-09-30', '1997-11-04', '1997-11-11'),
    );
  });

  it('Yearly in June and July for 10 occurrences', () => {
    expect(wallClock(rfcSeries('FREQ=YEARLY;COUNT=10;BYMONTH=6,7', '19970610T090000'), RFC)).toEqual(
      at9(
        ...['1997-06-10', '1997-07-10', '1998-06-10', '1998-07-10', '1999-06-10'],
        ...['1999-07-10', '2000-06-10', '2000-07-10', '2001-06-10', '2001-07-10'],
      ),
    );
  });

  it('Every other year on January, February, and March for 10 occurrences', () => {
    expect(wallClock(rfcSeries('FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3', '19970310T090000'), RFC)).toEqual(
      at9(
        ...['1997-03-10', '1999-01-10', '1999-02-10', '1999-03-10', '2001-01-10'],
        ...['2001-02-10', '2001-03-10', '2003-01-10', '2003-02-10', '2003-03-10'],
      ),
    );
  });

  it('Every 20th Monday of the year, forever', () => {
    expect(wallClock(rfcFirst('FREQ=YEARLY;BYDAY=20MO', '19970519T090000', 3), RFC)).toEqual(
      at9('1997-05-19', '1998-05-18', '1999-05-17'),
    );
  });

  it('Every Thursday in March, forever', () => {
    expect(wallClock(rfcFirst('FREQ=YEARLY;BYMONTH=3;BYDAY=TH', '19970313T090000', 7), RFC)).toEqual(
      at9('1997-03-13', '1997-03-20', '1997-03-27', '1998-03-05', '1998-03-12', '1998-03-19', '1998-03-26'),
    );
  });

  it('Every Thursday, but only during June, July, and August, forever', () => {
    const local = wallClock(rfcFirst('FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8', '19970605T090000', 14), RFC);
    expect([local[0], local[12], local[13]]).toEqual(at9('1997-06-05', '1997-08-28', '1998-06-04'));
  });

  it('Every Friday the 13th, forever (DTSTART left out by EXDATE)', () => {
    const exdate = `\nEXDATE;TZID=${RFC}:19970902T090000`;
    expect(wallClock(rfcSeries('FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', '19970902T090000', exdate), RFC)).toEqual(
      at9('1998-02-13', '1998-03-13'),
    );
  });

  it('The first Saturday that follows the first Sunday of the month, forever', () => {
    expect(
      wallClock(rfcFirst('FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13', '19970913T090000', 4), RFC),
    ).toEqual(at9('1997-09-13', '1997-10-11', '1997-11-08', '1997-12-13'));
  });

  it('Every 4 years, the first Tuesday after a Monday in November, forever (U.S. Presidential Election day)', () => {
    expect(
      wallClock(
        rfcFirst('FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8', '19961105T090000', 3),
        RFC,
      ),
    ).toEqual(at9('1996-11-05', '2000-11-07', '2004-11-02'));
  });

  it('The third instance into the month of one of Tuesday, Wednesday, or Thursday, for the next 3 months', () => {
    expect(wallClock(rfcSeries('FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3', '19970904T090000'), RFC)).toEqual(
      at9('1997-09-04', '1997-10-07', '1997-11-06'),
    );
  });

  it('The second-to-last weekday of the month', () => {
    expect(wallClock(rfcFirst('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2', '19970929T090000', 7), RFC)).toEqual(
      at9('1997-09-29', '1997-10-30', '1997-11-27', '1997-12-30', '1998-01-29', '1998-02-26', '1998-03-30'),
    );
  });

  it('WKST changes which days an every-other-week rule lands on', () => {
    expect(wallClock(rfcSeries('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO', '19970805T090000'), RFC)).toEqual(
      at9('1997-08-05', '1997-08-10', '1997-08-19', '1997-08-24'),
    );
    expect(wallClock(rfcSeries('FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU', '19970805T090000'), RFC)).toEqual(
      at9('1997-08-05', '1997-08-17', '1997-08-19', '1997-08-31'),
    );
  });

  it('An invalid date (February 30) is ignored', () => {
    const text = `DTSTART;TZID=${RFC}:20260115T090000\nRRULE:FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5`;
    expect(wallClock(seriesOccurrences(validateRule(text, { now: NOW }), { now: NOW }), RFC)).toEqual(
      ['2026-01-15', '2026-01-30', '2026-02-15', '2026-03-15', '2026-03-30'].map((d) => `${d} 09:00`),
    );
  });

  it.each([
    'FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z',
    'FREQ=MINUTELY;INTERVAL=15;COUNT=6',
    'FREQ=MINUTELY;INTERVAL=90;COUNT=4',
    'FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16',
  ])('refuses the sub-daily example %s', (rrule) => {
    expect(() => rfcSeries(rrule)).toThrow(/^Events cannot repeat more often than daily/);
  });

  it.each([
    ['FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200', 'BYYEARDAY is not supported'],
    ['FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', 'BYWEEKNO is not supported'],
    ['FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40', 'BYHOUR is not supported'],
  ])('refuses %s (%s)', (rrule, message) => {
    expect(() => rfcSeries(rrule)).toThrow(message);
  });
});

describe('wall-clock time across DST', () => {
  const series = (text: string) => seriesOccurrences(parseRule(text), { now: NOW });

  it('keeps a weekly 10:00 at 10:00 in New York across the March and November changes', () => {
    const instants = series('DTSTART;TZID=America/New_York:20250301T100000\nRRULE:FREQ=WEEKLY;COUNT=40');
    expect(wallClock(instants, 'America/New_York').every((t) => t.endsWith(' 10:00'))).toBe(true);
    expect(iso(instants).slice(0, 3)).toEqual([
      '2025-03-01T15:00:00.000Z',
      '2025-03-08T15:00:00.000Z',
      '2025-03-15T14:00:00.000Z',
    ]);
    expect(iso(instants)).toContain('2025-11-01T14:00:00.000Z');
    expect(iso(instants)).toContain('2025-11-08T15:00:00.000Z');
  });

  it('moves a daily 02:30 forward by the gap on the New York spring-forward day (03:30 EDT)', () => {
    const instants = series('DTSTART;TZID=America/New_York:20250307T023000\nRRULE:FREQ=DAILY;COUNT=5');
    expect(iso(instants)).toEqual([
      '2025-03-07T07:30:00.000Z',
      '2025-03-08T07:30:00.000Z',
      '2025-03-09T07:30:00.000Z',
      '2025-03-10T06:30:00.000Z',
      '2025-03-11T06:30:00.000Z',
    ]);
    expect(wallClock(instants, 'America/New_York')[2]).toBe('2025-03-09 03:30');
  });

  it('takes the first of the two 01:30s on the New York fall-back day (01:30 EDT)', () => {
    const instants = series('DTSTART;TZID=America/New_York:20251101T013000\nRRULE:FREQ=DAILY;COUNT=3');
    expect(iso(instants)).toEqual(['2025-11-01T05:30:00.000Z', '2025-11-02T05:30:00.000Z', '2025-11-03T06:30:00.000Z']);
  });

  it('keeps a weekly 10:00 in London across the March and October changes', () => {
    const instants = series('DTSTART;TZID=Europe/London:20250323T100000\nRRULE:FREQ=WEEKLY;COUNT=32');
    expect(wallClock(instants, 'Europe/London').every((t) => t.endsWith(' 10:00'))).toBe(true);
    expect(iso(instants).slice(0, 2)).toEqual(['2025-03-23T10:00:00.000Z', '2025-03-30T09:00:00.000Z']);
    expect(iso(instants).slice(30)).toEqual(['2025-10-19T09:00:00.000Z', '2025-10-26T10:00:00.000Z']);
  });

  it('moves 01:30 to 02:30 BST on the London spring-forward day and takes 01:30 BST on the fall-back day', () => {
    const spring = series('DTSTART;TZID=Europe/London:20250329T013000\nRRULE:FREQ=DAILY;COUNT=3');
    expect(wallClock(spring, 'Europe/London')).toEqual(['2025-03-29 01:30', '2025-03-30 02:30', '2025-03-31 01:30']);
    const autumn = series('DTSTART;TZID=Europe/London:20251025T013000\nRRULE:FREQ=DAILY;COUNT=3');
    expect(iso(autumn)).toEqual(['2025-10-25T00:30:00.000Z', '2025-10-26T00:30:00.000Z', '2025-10-27T01:30:00.000Z']);
  });

  it('keeps Istanbul at +03:00 all year (no DST since 2016)', () => {
    const instants = series('DTSTART;TZID=Europe/Istanbul:20250101T100000\nRRULE:FREQ=WEEKLY;COUNT=53');
    expect(new Set(iso(instants).map((t) => t.slice(11)))).toEqual(new Set(['07:00:00.000Z']));
  });

  it('follows Istanbul history: 10:00 was 08:00Z before and 07:00Z after the 2015 spring change', () => {
    const rule = parseRule('DTSTART;TZID=Europe/Istanbul:20150325T100000\nRRULE:FREQ=DAILY;COUNT=10');
    const instants = expandRule(rule, { from: new Date('2015-01-01T00:00:00Z'), to: new Date('2016-01-01T00:00:00Z') });
    expect(iso(instants).slice(2, 5)).toEqual([
      '2015-03-27T08:00:00.000Z',
      '2015-03-28T08:00:00.000Z',
      '2015-03-29T07:00:00.000Z',
    ]);
  });

  it('keeps wall-clock time in a 30-minute DST zone (Lord Howe)', () => {
    const instants = series('DTSTART;TZID=Australia/Lord_Howe:20250401T100000\nRRULE:FREQ=DAILY;COUNT=10');
    expect(wallClock(instants, 'Australia/Lord_Howe').every((t) => t.endsWith(' 10:00'))).toBe(true);
    expect(new Set(iso(instants).map((t) => t.slice(11, 16)))).toEqual(new Set(['23:00', '23:30']));
  });
});

describe('expandRule', () => {
  const daily = parseRule('DTSTART;TZID=Europe/London:20250101T090000\nRRULE:FREQ=DAILY');

  it('returns the occurrences in [from, to)', () => {
    const instants = expandRule(daily, {
      from: new Date('2025-06-01T08:00:00Z'),
      to: new Date('2025-06-04T08:00:00Z'),
    });
    expect(iso(instants)).toEqual(['2025-06-01T08:00:00.000Z', '2025-06-02T08:00:00.000Z', '2025-06-03T08:00:00.000Z']);
  });

  it('gives the same occurrences in consecutive windows as in one (a never-ending series is extended later)', () => {
    const rule = parseRule('DTSTART;TZID=America/New_York:20200103T083000\nRRULE:FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR');
    const [a, b, c] = [
      new Date('2025-01-01T00:00:00Z'),
      new Date('2025-07-01T00:00:00Z'),
      new Date('2026-01-01T00:00:00Z'),
    ];
    const whole = expandRule(rule, { from: a, to: c });
    expect([...expandRule(rule, { from: a, to: b }), ...expandRule(rule, { from: b, to: c })]).toEqual(whole);
    expect(whole).toHaveLength(35);
  });

  it('stops at the limit, and never yields more than 546', () => {
    const from = new Date('2025-01-01T00:00:00Z');
    expect(expandRule(daily, { from, to: new Date('2030-01-01T00:00:00Z'), limit: 3 })).toHaveLength(3);
    expect(expandRule(daily, { from, to: new Date('2030-01-01T00:00:00Z'), limit: 10_000 })).toHaveLength(
      MAX_EXPANSION,
    );
  });

  it('leaves out EXDATEs given as wall-clock time, as UTC and as whole days', () => {
    const rule = parseRule(
      'DTSTART;TZID=Europe/London:20250601T090000\nRRULE:FREQ=DAILY;COUNT=6\n' +
        'EXDATE;TZID=Europe/London:20250602T090000\nEXDATE:20250604T080000Z\nEXDATE;VALUE=DATE:20250605',
    );
    const instants = seriesOccurrences(rule, { now: NOW });
    expect(wallClock(instants, 'Europe/London')).toEqual(['2025-06-01 09:00', '2025-06-03 09:00', '2025-06-06 09:00']);
  });

  it('counts EXDATEs within COUNT (RFC 5545: they are removed from the set COUNT made)', () => {
    const rule = parseRule('DTSTART;TZID=UTC:20250601T090000\nRRULE:FREQ=DAILY;COUNT=3\nEXDATE:20250602T090000Z');
    expect(iso(seriesOccurrences(rule, { now: NOW }))).toEqual([
      '2025-06-01T09:00:00.000Z',
      '2025-06-03T09:00:00.000Z',
    ]);
  });

  it('leaves out a gap occurrence by the instant it moved to', () => {
    const rule = parseRule(
      'DTSTART;TZID=America/New_York:20250308T023000\nRRULE:FREQ=DAILY;COUNT=3\nEXDATE;TZID=America/New_York:20250309T033000',
    );
    expect(wallClock(seriesOccurrences(rule, { now: NOW }), 'America/New_York')).toEqual([
      '2025-03-08 02:30',
      '2025-03-10 02:30',
    ]);
  });

  it('only includes DTSTART when it matches the rule (as rrule.js does)', () => {
    const rule = parseRule('DTSTART;TZID=UTC:20250902T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=2');
    expect(iso(seriesOccurrences(rule, { now: NOW }))).toEqual([
      '2025-09-03T09:00:00.000Z',
      '2025-09-08T09:00:00.000Z',
    ]);
  });

  it('reads UNTIL as a date as the whole local day', () => {
    const rule = parseRule('DTSTART;TZID=Pacific/Auckland:20250901T233000\nRRULE:FREQ=DAILY;UNTIL=20250903');
    expect(wallClock(seriesOccurrences(rule, { now: NOW }), 'Pacific/Auckland')).toEqual([
      '2025-09-01 23:30',
      '2025-09-02 23:30',
      '2025-09-03 23:30',
    ]);
  });

  it('is quick on a rule that never matches again, instead of walking to the year 9999', () => {
    const rule = parseRule('DTSTART;TZID=Europe/London:20250101T100000\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30');
    const started = performance.now();
    expect(seriesOccurrences(rule, { now: NOW })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a COUNT rule that repeats too rarely to be expanded', () => {
    const rule = parseRule('DTSTART;TZID=Europe/London:20250101T100000\nRRULE:FREQ=DAILY;INTERVAL=7;BYDAY=TU;COUNT=3');
    expect(() => seriesOccurrences(rule, { now: NOW })).toThrow(
      new RecurrenceError('The rule repeats too rarely: its occurrences are not found within 10000 days'),
    );
  });

  it('still finds sparse but real COUNT series (29 February, yearly)', () => {
    const rule = parseRule('DTSTART;TZID=Europe/London:20240229T100000\nRRULE:FREQ=YEARLY;COUNT=30');
    const instants = seriesOccurrences(rule, { now: NOW });
    expect(instants).toHaveLength(30);
    expect(wallClock(instants, 'Europe/London').at(-1)).toBe('2144-02-29 10:00');
  });

  it('steps every other week correctly from a start before 1970', () => {
    const rule = parseRule(
      'DTSTART;TZID=Europe/London:19650105T100000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SA;WKST=SU',
    );
    const instants = expandRule(rule, { from: new Date('1966-01-01T00:00:00Z'), to: new Date('1966-02-01T00:00:00Z') });
    expect(wallClock(instants, 'Europe/London')).toEqual(
      ['1966-01-04', '1966-01-08', '1966-01-18', '1966-01-22'].map((d) => `${d} 10:00`),
    );
  });

  it('refuses windows with an invalid date', () => {
    expect(() => expandRule(daily, { from: new Date(NaN), to: NOW })).toThrow(
      'Invalid date passed in to RRule.between',
    );
  });
});

describe('seriesOccurrences', () => {
  it('keeps a never-ending series to the next 12 months', () => {
    const rule = parseRule('DTSTART;TZID=Europe/Istanbul:20250901T100000\nRRULE:FREQ=DAILY');
    const instants = seriesOccurrences(rule, { now: NOW });
    expect(instants).toHaveLength(365);
    expect(iso(instants).at(-1)).toBe('2026-08-31T07:00:00.000Z');
  });

  it('starts at `from` when asked (editing regenerates only the future)', () => {
    const rule = parseRule('DTSTART;TZID=Europe/Istanbul:20250901T100000\nRRULE:FREQ=WEEKLY;COUNT=10');
    const instants = seriesOccurrences(rule, { now: NOW, from: new Date('2025-10-01T00:00:00Z') });
    expect(iso(instants)[0]).toBe('2025-10-06T07:00:00.000Z');
    expect(instants).toHaveLength(5);
  });

  it('refuses to create more than 546 occurrences at once', () => {
    const rule = parseRule('DTSTART;TZID=Europe/Istanbul:20230901T100000\nRRULE:FREQ=DAILY;UNTIL=20260801');
    expect(() => seriesOccurrences(rule, { now: NOW })).toThrow(
      'A series cannot create more than 546 occurrences at once',
    );
  });
});
