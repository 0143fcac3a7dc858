import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n';
import { ruleDaysText } from './rule-days';

let en: ReturnType<typeof i18n.getFixedT>;
let tr: ReturnType<typeof i18n.getFixedT>;
beforeAll(async () => {
  await loadLanguage('tr');
  await loadLanguage('en');
  en = i18n.getFixedT('en');
  tr = i18n.getFixedT('tr');
});

// 2 September 2025 is a Tuesday. The English column is the server's rruleByDayText for each rule
// (apps/server/src/recurrence/by-day-text.test.ts): the web says the same in English.
const rule = (rrule: string) => `DTSTART;TZID=Europe/London:20250902T090000\nRRULE:${rrule}`;

describe('ruleDaysText', () => {
  it.each([
    ['FREQ=DAILY;INTERVAL=1;COUNT=1', 'Once', 'Bir kez'],
    ['FREQ=DAILY', 'Every day', 'Her gün'],
    ['FREQ=DAILY;INTERVAL=2', 'Every 2 days', '2 günde bir'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'Weekdays', 'Hafta içi'],
    ['FREQ=DAILY;BYMONTH=1', 'Every day in Jan', 'Her gün (Oca)'],
    ['FREQ=WEEKLY', 'Tue', 'Sal'],
    ['FREQ=WEEKLY;BYDAY=WE,MO', 'Mon, Wed', 'Pzt, Çar'],
    ['FREQ=WEEKLY;BYDAY=TU,WE,TH', 'Tue, Wed, Thu', 'Sal, Çar, Per'],
    ['FREQ=WEEKLY;BYDAY=SA,SU', 'Weekends', 'Hafta sonu'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', 'Every day', 'Her gün'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', 'Tue, Thu (every 2 weeks)', 'Sal, Per (2 haftada bir)'],
    ['FREQ=MONTHLY', '2nd of the month', 'ayın 2. günü'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', '15th of the month', 'ayın 15. günü'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,-1', '1st and last day of the month', 'ayın 1. ve son günü'],
    ['FREQ=MONTHLY;BYMONTHDAY=-3', '3rd-to-last day of the month', 'ayın sondan 3. günü'],
    [
      'FREQ=MONTHLY;INTERVAL=18;BYMONTHDAY=10,11,12,13,14,15',
      '10th-15th of the month (every 18 months)',
      'ayın 10.-15. günü (18 ayda bir)',
    ],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'last Friday of the month', 'ayın son Cuma günü'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'second Tuesday of the month', 'ayın ikinci Salı günü'],
    ['FREQ=MONTHLY;BYDAY=-2MO', 'second-to-last Monday of the month', 'ayın sondan ikinci Pazartesi günü'],
    [
      'FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1SU',
      'first and last Sunday of the month (every 2 months)',
      'ayın birinci ve son Pazar günü (2 ayda bir)',
    ],
    [
      'FREQ=MONTHLY;BYDAY=1MO,-1FR',
      'first Monday and last Friday of the month',
      'ayın birinci Pazartesi ve son Cuma günü',
    ],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2',
      'second-to-last weekday of the month',
      'ayın sondan ikinci hafta içi günü',
    ],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'last weekday of the month', 'ayın son hafta içi günü'],
    ['FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3', 'third Tue/Wed/Thu of the month', 'ayın üçüncü Sal/Çar/Per'],
    ['FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1', 'first weekend day of the month', 'ayın birinci hafta sonu günü'],
    ['FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', 'Friday the 13th', 'ayın 13. gününe denk gelen Cuma'],
    [
      'FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13',
      'Saturday the 7th-13th',
      'ayın 7.-13. gününe denk gelen Cumartesi',
    ],
    ['FREQ=MONTHLY;INTERVAL=2;BYDAY=TU', 'Tue (every 2 months)', 'Sal (2 ayda bir)'],
    ['FREQ=YEARLY', 'Every year on 2 Sep', 'Her yıl 2 Eyl'],
    ['FREQ=YEARLY;INTERVAL=2', 'Every 2 years on 2 Sep', '2 yılda bir 2 Eyl'],
    ['FREQ=YEARLY;BYMONTH=6,7', 'Every year on the 2nd of Jun, Jul', 'Her yıl Haz, Tem aylarının 2. günü'],
    ['FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO', 'last Monday of May', 'Mayıs ayının son Pazartesi günü'],
    ['FREQ=YEARLY;BYDAY=20MO', '20th Monday of the year', 'yılın 20. Pazartesi günü'],
    ['FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8', 'Thu in Jun, Jul, Aug', 'Per (Haz, Tem, Ağu)'],
    [
      'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8',
      'Tuesday the 2nd-8th of November (every 4 years)',
      'Kasım ayının 2.-8. gününe denk gelen Salı (4 yılda bir)',
    ],
    ['FREQ=YEARLY;BYEASTER=0', 'Easter Sunday', 'Paskalya Pazarı'],
    ['FREQ=YEARLY;BYEASTER=-2', '2 days before Easter', 'Paskalya’dan 2 gün önce'],
    ['FREQ=YEARLY;BYEASTER=1', '1 day after Easter', 'Paskalya’dan 1 gün sonra'],
  ])('reads %s as %j, in Turkish %j', (rrule, english, turkish) => {
    expect(ruleDaysText(rule(rrule), en)).toBe(english);
    expect(ruleDaysText(rule(rrule), tr)).toBe(turkish);
  });

  it('reads the rule as the server stores it: a UTC start, EXDATE lines, a limit', () => {
    const stored =
      'DTSTART:20251020T070000Z\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;UNTIL=20251231T235959Z\nEXDATE:20251022T070000Z';
    expect(ruleDaysText(stored, tr)).toBe('Pzt, Çar');
  });

  it('gives nothing for no rule or text it cannot read, so the server’s text shows instead', () => {
    expect(ruleDaysText(null, tr)).toBeUndefined();
    expect(ruleDaysText('', tr)).toBeUndefined();
    expect(ruleDaysText('RRULE:FREQ=WEEKLY', tr)).toBeUndefined();
    expect(ruleDaysText('DTSTART:20251020T070000Z\nRRULE:FREQ=HOURLY', tr)).toBeUndefined();
    expect(ruleDaysText('DTSTART:20251020T070000Z\nRRULE:FREQ=WEEKLY;BYDAY=XX', tr)).toBeUndefined();
  });
});
