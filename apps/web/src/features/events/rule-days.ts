import { isSingleEvent, WEEKDAY_CODES } from '@ritim/shared';
import type { TFunction } from 'i18next';

/**
 * An event's rule by day in the viewer's language ('Mon, Wed', 'ayın son Cuma günü'): what the
 * server says in English as `rruleByDayText`, written here from the rule text itself so the events
 * list, the form's preview and its kept rule follow the language the screen is in.
 */

type Weekday = (typeof WEEKDAY_CODES)[number];
type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

interface ByDay {
  weekday: Weekday;
  n?: number;
}

/** The parts of a stored rule the text needs (the server has checked the rule). */
interface Rule {
  freq: Frequency;
  interval: number;
  count?: number;
  byDay?: ByDay[];
  byMonthDay?: number[];
  byMonth?: number[];
  bySetPos?: number[];
  byEaster?: number;
  /** DTSTART's day on its own clock: its weekday, day of the month and month (1-12). */
  start: { weekday: Weekday; day: number; month: number };
}

const FREQUENCIES: readonly string[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
const isWeekday = (value: string): value is Weekday => (WEEKDAY_CODES as readonly string[]).includes(value);
const WEEKDAYS_MO_FR = 'MO,TU,WE,TH,FR';

const numbers = (value: string | undefined): number[] | undefined => {
  if (value === undefined) return undefined;
  const list = value.split(',').map(Number);
  return list.every(Number.isInteger) ? list : undefined;
};

/** Reads DTSTART and RRULE; undefined for text it cannot read (the server's English then shows). */
export function parseRuleText(text: string): Rule | undefined {
  const lines = text.trim().split(/\s+/);
  const dtstart = lines.find((line) => /^DTSTART[;:]/i.test(line));
  const rrule = lines.find((line) => /^RRULE:/i.test(line));
  const date = dtstart?.slice(dtstart.lastIndexOf(':') + 1).match(/^(\d{4})(\d{2})(\d{2})/);
  if (!date || !rrule) return undefined;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const parts = new Map(
    rrule
      .slice(6)
      .split(';')
      .map((part) => part.split('=') as [string, string | undefined])
      .map(([key, value]) => [key.toUpperCase(), value?.toUpperCase()]),
  );
  const freq = parts.get('FREQ');
  if (!freq || !FREQUENCIES.includes(freq)) return undefined;
  const byDay = parts
    .get('BYDAY')
    ?.split(',')
    .map((entry) => entry.match(/^([+-]?\d{1,2})?([A-Z]{2})$/));
  if (byDay?.some((entry) => !entry || !isWeekday(entry[2]!))) return undefined;
  const weekday = WEEKDAY_CODES[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
  const easter = parts.get('BYEASTER');
  return {
    freq: freq as Frequency,
    interval: Number(parts.get('INTERVAL') ?? 1) || 1,
    count: parts.has('COUNT') ? Number(parts.get('COUNT')) : undefined,
    byDay: byDay?.map((entry) => ({
      weekday: entry![2] as Weekday,
      ...(entry![1] === undefined ? {} : { n: Number(entry![1]) }),
    })),
    byMonthDay: numbers(parts.get('BYMONTHDAY')),
    byMonth: numbers(parts.get('BYMONTH')),
    bySetPos: numbers(parts.get('BYSETPOS')),
    byEaster: easter === undefined ? undefined : Number(easter),
    start: { weekday, day, month },
  };
}

/** The words a rule is written in, in the viewer's language. */
function wordsOf(t: TFunction) {
  const joinAnd = (items: readonly string[]): string =>
    items.length <= 1
      ? (items[0] ?? '')
      : t('events.rule.and', { items: items.slice(0, -1).join(', '), last: items[items.length - 1] });
  const nth = (n: number) => t('events.rule.nth', { count: n, ordinal: true });
  const ordinalWord = (n: number): string => {
    if (n === -1) return t('events.rule.last');
    const word = (k: number) => (k <= 5 ? t(`events.rule.ordinals.n${k as 1 | 2 | 3 | 4 | 5}`) : nth(k));
    return n > 0 ? word(n) : t('events.rule.nthToLast', { nth: word(-n) });
  };
  const monthList = (months: readonly number[], full = false): string => {
    const sorted = [...new Set(months)].sort((a, b) => a - b);
    if (full && sorted.length === 1) return t(`events.rule.monthNames.m${sorted[0] as Month}`);
    return sorted.map((m) => t(`events.rule.months.m${m as Month}`)).join(', ');
  };
  const weekdayList = (days: readonly Weekday[]): string => {
    const ordered = WEEKDAY_CODES.filter((d) => days.includes(d));
    if (ordered.length === 7) return t('events.rule.everyDay');
    if (ordered.join(',') === WEEKDAYS_MO_FR) return t('events.rule.weekdays');
    if (ordered.join(',') === 'SA,SU') return t('events.rule.weekends');
    return ordered.map((d) => t(`events.rule.days.${d}`)).join(', ');
  };
  const weekdaySetName = (days: readonly Weekday[]): string => {
    const ordered = WEEKDAY_CODES.filter((d) => days.includes(d));
    if (ordered.length === 7) return t('events.rule.setDay');
    if (ordered.join(',') === WEEKDAYS_MO_FR) return t('events.rule.setWeekday');
    if (ordered.join(',') === 'SA,SU') return t('events.rule.setWeekendDay');
    if (ordered.length === 1) return t(`events.weekdayNames.${ordered[0]!}`);
    return ordered.map((d) => t(`events.rule.days.${d}`)).join('/');
  };
  /** '15th', '1st and 15th', '7th-13th', 'last day', '2nd-to-last day'. */
  const monthDays = (days: readonly number[]): string => {
    const positive = [...new Set(days.filter((d) => d > 0))].sort((a, b) => a - b);
    const negative = [...new Set(days.filter((d) => d < 0))].sort((a, b) => b - a);
    const runs: string[] = [];
    for (let i = 0; i < positive.length;) {
      let j = i;
      while (j + 1 < positive.length && positive[j + 1] === positive[j]! + 1) j += 1;
      if (j - i >= 2) runs.push(t('events.rule.range', { first: nth(positive[i]!), last: nth(positive[j]!) }));
      else for (let k = i; k <= j; k += 1) runs.push(nth(positive[k]!));
      i = j + 1;
    }
    for (const d of negative) {
      runs.push(d === -1 ? t('events.rule.lastDay') : t('events.rule.nthToLastDay', { nth: nth(-d) }));
    }
    return joinAnd(runs);
  };
  return { joinAnd, nth, ordinalWord, monthList, weekdayList, weekdaySetName, monthDays };
}

type Words = ReturnType<typeof wordsOf>;

interface Description {
  text: string;
  /** The text already says which months (yearly rules: 'last Monday of May'). */
  namesMonths: boolean;
  /** The text already says the interval ('Every 2 days'). */
  namesInterval: boolean;
}

/** The rule by day, short enough for a table column, in the language of `t`; undefined for text it cannot read. */
export function ruleDaysText(ruleText: string | null | undefined, t: TFunction): string | undefined {
  const rule = ruleText ? parseRuleText(ruleText) : undefined;
  if (!rule) return undefined;
  if (isSingleEvent(rule)) return t('events.rule.once');
  const words = wordsOf(t);
  const { text, namesMonths, namesInterval } = describe(rule, t, words);
  const withMonths =
    rule.byMonth && !namesMonths ? t('events.rule.inMonths', { text, months: words.monthList(rule.byMonth) }) : text;
  if (rule.interval === 1 || namesInterval) return withMonths;
  return t('events.rule.withInterval', {
    text: withMonths,
    every: t(`events.rule.everyN.${rule.freq}`, { n: rule.interval }),
  });
}

function describe(rule: Rule, t: TFunction, words: Words): Description {
  const plain = (text: string, namesInterval = false): Description => ({ text, namesMonths: false, namesInterval });
  switch (rule.freq) {
    case 'DAILY':
      if (rule.byDay || rule.byMonthDay) return dayFilter(rule, null, t, words);
      return rule.interval === 1
        ? plain(t('events.rule.everyDay'))
        : plain(t('events.rule.everyNDays', { n: rule.interval }), true);
    case 'WEEKLY':
      return plain(words.weekdayList(rule.byDay?.map((d) => d.weekday) ?? [rule.start.weekday]));
    case 'MONTHLY':
      if (!rule.byDay && !rule.byMonthDay) {
        return plain(t('events.rule.daysOf', { days: words.nth(rule.start.day), scope: t('events.rule.theMonth') }));
      }
      return dayFilter(rule, null, t, words);
    case 'YEARLY': {
      if (rule.byEaster !== undefined) return plain(easter(rule.byEaster, t));
      if (rule.byDay || rule.byMonthDay) return dayFilter(rule, rule.byMonth ?? null, t, words);
      const months = rule.byMonth ?? [rule.start.month];
      const on =
        months.length === 1
          ? t('events.rule.dayMonth', { day: rule.start.day, month: words.monthList(months) })
          : t('events.rule.nthOfMonths', { nth: words.nth(rule.start.day), months: words.monthList(months) });
      return {
        text: t('events.rule.everyYear', { count: rule.interval, on }),
        namesMonths: true,
        namesInterval: true,
      };
    }
  }
}

/**
 * BYDAY (with ordinals or BYSETPOS) and BYMONTHDAY. Ordinals count within the month, or within the
 * year for a yearly rule without BYMONTH; `months` are a yearly rule's BYMONTH.
 */
function dayFilter(rule: Rule, months: readonly number[] | null, t: TFunction, words: Words): Description {
  const yearly = rule.freq === 'YEARLY';
  const ofMonths = months
    ? t('events.rule.theMonths', { months: words.monthList(months, true), count: new Set(months).size })
    : undefined;
  const scope = ofMonths ?? (yearly ? t('events.rule.theYear') : t('events.rule.theMonth'));
  const monthScope = ofMonths ?? t('events.rule.theMonth');
  const byDay = rule.byDay ?? [];
  const ordinals = byDay.filter((d) => d.n !== undefined);
  const weekdays = byDay.filter((d) => d.n === undefined).map((d) => d.weekday);
  const parts: string[] = [];
  let namesMonths = false;
  if (ordinals.length) {
    parts.push(t('events.rule.daysOf', { days: ordinalWeekdays(ordinals, t, words), scope }));
    namesMonths = months !== null;
  }
  if (rule.bySetPos) {
    const set = weekdays.length ? words.weekdaySetName(weekdays) : t('events.rule.setDay');
    const nths = words.joinAnd(rule.bySetPos.map(words.ordinalWord));
    parts.push(
      rule.byMonthDay
        ? t('events.rule.setOfDays', { nth: nths, set, days: words.monthDays(rule.byMonthDay), scope })
        : t('events.rule.setOf', { nth: nths, set, scope }),
    );
    namesMonths = months !== null;
  } else if (rule.byMonthDay) {
    const days = words.monthDays(rule.byMonthDay);
    if (weekdays.length) {
      const day = weekdays.length === 1 ? t(`events.weekdayNames.${weekdays[0]!}`) : words.weekdayList(weekdays);
      parts.push(
        months
          ? t('events.rule.dayOnDaysOf', { day, days, scope: monthScope })
          : t('events.rule.dayOnDays', { day, days }),
      );
    } else {
      parts.push(t('events.rule.daysOf', { days, scope: monthScope }));
    }
    namesMonths = months !== null;
  } else if (weekdays.length) {
    parts.push(words.weekdayList(weekdays));
  }
  return { text: parts.join(', '), namesMonths, namesInterval: false };
}

/** 'second Tuesday', 'first and third Monday', 'first Monday and last Friday'. */
function ordinalWeekdays(days: readonly ByDay[], t: TFunction, words: Words): string {
  const byWeekday = new Map<Weekday, number[]>();
  for (const day of days) byWeekday.set(day.weekday, [...(byWeekday.get(day.weekday) ?? []), day.n ?? 0]);
  return words.joinAnd(
    [...byWeekday].map(([weekday, ns]) =>
      t('events.rule.nthWeekday', {
        nth: words.joinAnd(ns.map(words.ordinalWord)),
        day: t(`events.weekdayNames.${weekday}`),
      }),
    ),
  );
}

function easter(offset: number, t: TFunction): string {
  if (offset === 0) return t('events.rule.easter');
  return offset > 0
    ? t('events.rule.afterEaster', { count: offset })
    : t('events.rule.beforeEaster', { count: -offset });
}
