import { describe, expect, it } from 'vitest';
import { rruleByDayText } from './by-day-text.js';
import { parseRule } from './rule.js';

// 2 September 2025 is a Tuesday.
const text = (rrule: string) => rruleByDayText(`DTSTART;TZID=Europe/London:20250902T090000\nRRULE:${rrule}`);

describe('rruleByDayText', () => {
  it.each([
    ['FREQ=DAILY;INTERVAL=1;COUNT=1', 'Once'],
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;INTERVAL=2', 'Every 2 days'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'Weekdays'],
    ['FREQ=DAILY;BYMONTH=1', 'Every day in Jan'],
    ['FREQ=WEEKLY', 'Tue'],
    ['FREQ=WEEKLY;BYDAY=WE,MO', 'Mon, Wed'],
    ['FREQ=WEEKLY;BYDAY=SA,SU', 'Weekends'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', 'Every day'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', 'Tue, Thu (every 2 weeks)'],
    ['FREQ=MONTHLY', '2nd of the month'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', '15th of the month'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,-1', '1st and last day of the month'],
    ['FREQ=MONTHLY;BYMONTHDAY=-3', '3rd-to-last day of the month'],
    ['FREQ=MONTHLY;INTERVAL=18;BYMONTHDAY=10,11,12,13,14,15', '10th-15th of the month (every 18 months)'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'last Friday of the month'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'second Tuesday of the month'],
    ['FREQ=MONTHLY;BYDAY=-2MO', 'second-to-last Monday of the month'],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1SU', 'first and last Sunday of the month (every 2 months)'],
    ['FREQ=MONTHLY;BYDAY=1MO,-1FR', 'first Monday and last Friday of the month'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2', 'second-to-last weekday of the month'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'last weekday of the month'],
    ['FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3', 'third Tue/Wed/Thu of the month'],
    ['FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1', 'first weekend day of the month'],
    ['FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', 'Friday the 13th'],
    ['FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13', 'Saturday the 7th-13th'],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=TU', 'Tue (every 2 months)'],
    ['FREQ=YEARLY', 'Every year on 2 Sep'],
    ['FREQ=YEARLY;INTERVAL=2', 'Every 2 years on 2 Sep'],
    ['FREQ=YEARLY;BYMONTH=6,7', 'Every year on the 2nd of Jun, Jul'],
    ['FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO', 'last Monday of May'],
    ['FREQ=YEARLY;BYDAY=20MO', '20th Monday of the year'],
    ['FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8', 'Thu in Jun, Jul, Aug'],
    [
      'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8',
      'Tuesday the 2nd-8th of November (every 4 years)',
    ],
    ['FREQ=YEARLY;BYEASTER=0', 'Easter Sunday'],
    ['FREQ=YEARLY;BYEASTER=-2', '2 days before Easter'],
  ])('reads %s as %j', (rrule, expected) => {
    expect(text(rrule)).toBe(expected);
  });

  it('takes a parsed rule as well as text', () => {
    expect(rruleByDayText(parseRule('DTSTART;TZID=UTC:20250902T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE'))).toBe(
      'Mon, Wed',
    );
  });

  it('is empty for no rule and for text it cannot read (a list row must still render)', () => {
    expect(rruleByDayText(null)).toBe('');
    expect(rruleByDayText('')).toBe('');
    expect(rruleByDayText('FREQ=HOURLY')).toBe('');
  });
});
