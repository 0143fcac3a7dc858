import { isSingleEvent } from '@ritim/shared';
import { parseRule, weekdayOf, WEEKDAY_CODES, type ByDay, type RecurrenceRule, type WeekdayCode } from './rule.js';

/** Short weekday and month names for the events list's Days column. */
const DAY_NAMES: Record<WeekdayCode, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
const FULL_DAY_NAMES: Record<WeekdayCode, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const FULL_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth'];
const WEEKDAYS_MO_FR = 'MO,TU,WE,TH,FR';

/**
 * The rule by day, short enough for a table column: 'Mon, Wed', 'Every day', 'last Friday of the
 * month', 'second-to-last weekday of the month', '15th of the month', 'Every year on 3 Mar'. An
 * interval other than 1 is added ('Mon, Wed (every 2 weeks)'). Empty for no rule or unreadable text.
 */
export function rruleByDayText(ruleOrText: RecurrenceRule | string | null | undefined): string {
  if (!ruleOrText) return '';
  let rule: RecurrenceRule;
  try {
    rule = typeof ruleOrText === 'string' ? parseRule(ruleOrText) : ruleOrText;
  } catch {
    return '';
  }
  if (isSingleEvent(rule)) return 'Once';
  const { text, namesMonths } = describe(rule);
  const months = rule.byMonth && !namesMonths ? ` in ${monthList(rule.byMonth)}` : '';
  const n = rule.interval;
  const unit = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' }[rule.freq];
  return n === 1 || /^Every \d/.test(text) ? text + months : `${text}${months} (every ${n} ${unit})`;
}

interface Description {
  text: string;
  /** The text already says which months (yearly rules: 'last Monday of May'). */
  namesMonths: boolean;
}

function describe(rule: RecurrenceRule): Description {
  const start = new Date(rule.start);
  const plain = (text: string): Description => ({ text, namesMonths: false });
  switch (rule.freq) {
    case 'DAILY':
      if (rule.byDay || rule.byMonthDay) return dayFilter(rule, null);
      return plain(rule.interval === 1 ? 'Every day' : `Every ${rule.interval} days`);
    case 'WEEKLY':
      return plain(weekdayList(rule.byDay?.map((d) => d.weekday) ?? [weekdayOf(rule.start)]));
    case 'MONTHLY':
      if (!rule.byDay && !rule.byMonthDay) return plain(`${ordinalNumber(start.getUTCDate())} of the month`);
      return dayFilter(rule, null);
    case 'YEARLY': {
      if (rule.byEaster !== undefined) return plain(easter(rule.byEaster));
      if (rule.byDay || rule.byMonthDay) return dayFilter(rule, rule.byMonth ?? null);
      const months = rule.byMonth ?? [start.getUTCMonth() + 1];
      const every = rule.interval === 1 ? 'Every year' : `Every ${rule.interval} years`;
      const day = start.getUTCDate();
      const on =
        months.length === 1 ? `${day} ${monthList(months)}` : `the ${ordinalNumber(day)} of ${monthList(months)}`;
      return { text: `${every} on ${on}`, namesMonths: true };
    }
  }
}

/**
 * BYDAY (with ordinals or BYSETPOS) and BYMONTHDAY. Ordinals count within the month, or within the
 * year for a yearly rule without BYMONTH; `months` are a yearly rule's BYMONTH.
 */
function dayFilter(rule: RecurrenceRule, months: readonly number[] | null): Description {
  const yearly = rule.freq === 'YEARLY';
  const scope = months ? monthList(months, true) : yearly ? 'the year' : 'the month';
  const monthScope = months ? monthList(months, true) : 'the month';
  const byDay = rule.byDay ?? [];
  const ordinals = byDay.filter((d) => d.n !== undefined);
  const weekdays = byDay.filter((d) => d.n === undefined).map((d) => d.weekday);
  const parts: string[] = [];
  let namesMonths = false;
  if (ordinals.length) {
    parts.push(`${ordinalWeekdays(ordinals)} of ${scope}`);
    namesMonths = months !== null;
  }
  if (rule.bySetPos) {
    const set = weekdays.length ? weekdaySetName(weekdays) : 'day';
    const days = rule.byMonthDay ? ` of the ${monthDays(rule.byMonthDay)}` : '';
    parts.push(`${joinAnd(rule.bySetPos.map(ordinalWord))} ${set}${days} of ${scope}`);
    namesMonths = months !== null;
  } else if (rule.byMonthDay) {
    const days = monthDays(rule.byMonthDay);
    if (weekdays.length) {
      const names = weekdays.length === 1 ? FULL_DAY_NAMES[weekdays[0] as WeekdayCode] : weekdayList(weekdays);
      parts.push(months ? `${names} the ${days} of ${monthScope}` : `${names} the ${days}`);
    } else {
      parts.push(`${days} of ${monthScope}`);
    }
    namesMonths = months !== null;
  } else if (weekdays.length) {
    parts.push(weekdayList(weekdays));
  }
  return { text: parts.join(', '), namesMonths };
}

function weekdayList(days: readonly WeekdayCode[]): string {
  const ordered = WEEKDAY_CODES.filter((d) => days.includes(d));
  if (ordered.length === 7) return 'Every day';
  if (ordered.join(',') === WEEKDAYS_MO_FR) return 'Weekdays';
  if (ordered.join(',') === 'SA,SU') return 'Weekends';
  return ordered.map((d) => DAY_NAMES[d]).join(', ');
}

function weekdaySetName(days: readonly WeekdayCode[]): string {
  const ordered = WEEKDAY_CODES.filter((d) => days.includes(d));
  if (ordered.length === 7) return 'day';
  if (ordered.join(',') === WEEKDAYS_MO_FR) return 'weekday';
  if (ordered.join(',') === 'SA,SU') return 'weekend day';
  if (ordered.length === 1) return FULL_DAY_NAMES[ordered[0] as WeekdayCode];
  return ordered.map((d) => DAY_NAMES[d]).join('/');
}

/** 'second Tuesday', 'first and third Monday', 'first Monday and last Friday'. */
function ordinalWeekdays(days: readonly ByDay[]): string {
  const byWeekday = new Map<WeekdayCode, number[]>();
  for (const day of days) byWeekday.set(day.weekday, [...(byWeekday.get(day.weekday) ?? []), day.n ?? 0]);
  return joinAnd([...byWeekday].map(([weekday, ns]) => `${joinAnd(ns.map(ordinalWord))} ${FULL_DAY_NAMES[weekday]}`));
}

/** '15th', '1st and 15th', '7th-13th', 'last day', '2nd-to-last day'. */
function monthDays(days: readonly number[]): string {
  const positive = [...new Set(days.filter((d) => d > 0))].sort((a, b) => a - b);
  const negative = [...new Set(days.filter((d) => d < 0))].sort((a, b) => b - a);
  const runs: string[] = [];
  for (let i = 0; i < positive.length;) {
    let j = i;
    while (j + 1 < positive.length && positive[j + 1] === (positive[j] as number) + 1) j += 1;
    const [first, last] = [positive[i] as number, positive[j] as number];
    if (j - i >= 2) runs.push(`${ordinalNumber(first)}-${ordinalNumber(last)}`);
    else for (let k = i; k <= j; k += 1) runs.push(ordinalNumber(positive[k] as number));
    i = j + 1;
  }
  for (const d of negative) runs.push(d === -1 ? 'last day' : `${ordinalNumber(-d)}-to-last day`);
  return joinAnd(runs);
}

function easter(offset: number): string {
  if (offset === 0) return 'Easter Sunday';
  const days = Math.abs(offset) === 1 ? 'day' : 'days';
  return `${Math.abs(offset)} ${days} ${offset > 0 ? 'after' : 'before'} Easter`;
}

function monthList(months: readonly number[], full = false): string {
  const sorted = [...new Set(months)].sort((a, b) => a - b);
  if (full && sorted.length === 1) return FULL_MONTHS[(sorted[0] as number) - 1] as string;
  return sorted.map((m) => MONTHS[m - 1]).join(', ');
}

/** 'first' ... 'fifth', then '6th'; 'last', 'second-to-last' ... */
function ordinalWord(n: number): string {
  if (n === -1) return 'last';
  const word = (k: number) => ORDINAL_WORDS[k - 1] ?? ordinalNumber(k);
  return n > 0 ? word(n) : `${word(-n)}-to-last`;
}

function ordinalNumber(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
