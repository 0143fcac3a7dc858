import { isSingleEvent } from '@ritim/shared';
import { RecurrenceError } from './errors.js';
import {
  formatRule,
  localDate,
  parseRule,
  weekdayOf,
  type RecurrenceRule,
  type RuleDate,
  type WeekdayCode,
} from './rule.js';
import { checkZone, DAY_MS, zoneOffsets } from './zone.js';

/**
 * The event form's repeat fields (docs/product.md §2 Event form, §4 event repeat mode) and the rule text they
 * stand for. Dates are wall-clock values in `zone`: start 'YYYY-MM-DDTHH:mm[:ss]', end date 'YYYY-MM-DD'.
 */
export const REPEAT_FREQUENCIES = ['day', 'week', 'month', 'year'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
export type RepeatEnd = { type: 'never' } | { type: 'on'; date: string } | { type: 'after'; count: number };
export interface SingleEventOptions {
  doesNotRepeat: true;
  zone: string;
  start: string;
}
export interface RepeatingEventOptions {
  doesNotRepeat: false;
  zone: string;
  start: string;
  frequency: RepeatFrequency;
  interval: number;
  /** Week only; empty means the start's weekday. */
  weekdays: WeekdayCode[];
  end: RepeatEnd;
}
export type RepeatOptions = SingleEventOptions | RepeatingEventOptions;

const FREQUENCY_OF = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' } as const;
const START = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Rule text for the form's choices. A single event is FREQ=DAILY;INTERVAL=1;COUNT=1 (docs/product.md §9); an end
 * date becomes UNTIL at the end of that local day, in UTC as RFC 5545 asks. `exdates` carries the
 * deleted occurrences of the rule being edited over. The caps (COUNT <= 180, UNTIL within a year)
 * are checked by validateRule, which the saved text goes through.
 */
export function buildRuleText(options: RepeatOptions, exdates: readonly RuleDate[] = []): string {
  const zone = checkZone(options.zone);
  const start = parseWallClock(options.start, START, 'Invalid start date and time');
  if (options.doesNotRepeat) {
    return formatRule({ zone, start, freq: 'DAILY', interval: 1, count: 1, exdates });
  }
  const { frequency, interval, weekdays, end } = options;
  if (!(REPEAT_FREQUENCIES as readonly string[]).includes(frequency)) throw new RecurrenceError('Invalid frequency');
  if (!Number.isInteger(interval) || interval < 1 || interval > 1000) {
    throw new RecurrenceError('INTERVAL must be a whole number from 1 to 1000');
  }
  const rule: { -readonly [K in keyof RecurrenceRule]: RecurrenceRule[K] } = {
    zone,
    start,
    freq: FREQUENCY_OF[frequency],
    interval,
    exdates,
  };
  if (frequency === 'week') {
    const days = new Set(weekdays.length ? weekdays : [weekdayOf(start)]);
    rule.byDay = (['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const)
      .filter((d) => days.has(d))
      .map((weekday) => ({ weekday }));
  }
  if (end.type === 'after') {
    if (!Number.isInteger(end.count) || end.count < 1)
      throw new RecurrenceError('COUNT must be a positive whole number');
    rule.count = end.count;
  } else if (end.type === 'on') {
    const day = parseWallClock(end.date, DATE, 'Invalid end date');
    rule.until = { kind: 'instant', instant: zoneOffsets(zone).toInstant(day + DAY_MS) - 1000 };
  }
  return formatRule(rule);
}

/**
 * The form's choices for a rule, for the edit form; null when the form cannot show the rule (ordinal
 * or month-day rules, BYSETPOS, BYEASTER...), which the form then leaves as it is.
 */
export function ruleToOptions(ruleOrText: RecurrenceRule | string): RepeatOptions | null {
  const rule = typeof ruleOrText === 'string' ? parseRule(ruleOrText) : ruleOrText;
  const zone = rule.zone;
  const iso = new Date(rule.start).toISOString();
  const start = iso.slice(17, 19) === '00' ? iso.slice(0, 16) : iso.slice(0, 19);
  if (isSingleEvent(rule)) return { doesNotRepeat: true, zone, start };
  if (!formCanShow(rule)) return null;
  const frequency = (Object.keys(FREQUENCY_OF) as RepeatFrequency[]).find((key) => FREQUENCY_OF[key] === rule.freq);
  if (!frequency) return null;
  let end: RepeatEnd = { type: 'never' };
  if (rule.count !== undefined) end = { type: 'after', count: rule.count };
  else if (rule.until) {
    const until = rule.until.kind === 'instant' ? zoneOffsets(zone).toLocal(rule.until.instant) : rule.until.local;
    end = { type: 'on', date: localDate(until) };
  }
  const weekdays = frequency === 'week' ? (rule.byDay?.map((d) => d.weekday) ?? [weekdayOf(rule.start)]) : [];
  return { doesNotRepeat: false, zone, start, frequency, interval: rule.interval, weekdays, end };
}

function formCanShow(rule: RecurrenceRule): boolean {
  const start = new Date(rule.start);
  if (rule.bySetPos || rule.byEaster !== undefined) return false;
  if (rule.byDay && (rule.freq !== 'WEEKLY' || rule.byDay.some((d) => d.n !== undefined))) return false;
  // The start's own day of the month (and month, yearly) is what rrule.js does without them.
  const onStartDay = !rule.byMonthDay || (rule.byMonthDay.length === 1 && rule.byMonthDay[0] === start.getUTCDate());
  const inStartMonth = !rule.byMonth || (rule.byMonth.length === 1 && rule.byMonth[0] === start.getUTCMonth() + 1);
  if (rule.freq === 'MONTHLY' && (!onStartDay || rule.byMonth)) return false;
  if (rule.freq === 'YEARLY' && (!onStartDay || !inStartMonth)) return false;
  if ((rule.freq === 'DAILY' || rule.freq === 'WEEKLY') && (rule.byMonthDay || rule.byMonth)) return false;
  // WKST only changes which weeks an every-n-weeks rule lands on; the form always means Monday.
  return !(rule.freq === 'WEEKLY' && rule.interval > 1 && rule.wkst && rule.wkst !== 'MO');
}

function parseWallClock(value: string, pattern: RegExp, message: string): number {
  const match = pattern.exec(value);
  if (!match) throw new RecurrenceError(`${message}: ${value}`);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(match[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(local);
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!valid || hour > 23 || minute > 59 || second > 59) throw new RecurrenceError(`${message}: ${value}`);
  return local;
}
