import { DateTime } from 'luxon';
import { MAX_COUNT, type RecurrenceCap, RecurrenceError, recurrenceMessages } from './errors.js';
import { checkZone, zoneOffsets } from './zone.js';

export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** A BYDAY entry: a weekday, with an ordinal (2TU, -1FR) when it picks one of the month's or year's. */
export interface ByDay {
  readonly weekday: WeekdayCode;
  readonly n?: number;
}

/**
 * A date-time as written in the rule: a UTC instant (`...Z`), a wall-clock time in the rule's zone
 * (`TZID=` or no suffix), or a whole local day (`YYYYMMDD`). Times are milliseconds; wall-clock
 * ones are "floating" (local fields encoded as UTC, see zone.ts).
 */
export type RuleDate =
  | { readonly kind: 'instant'; readonly instant: number }
  | { readonly kind: 'local'; readonly local: number }
  | { readonly kind: 'date'; readonly local: number };

/**
 * A parsed RFC 5545 recurrence: `DTSTART;TZID=...` + one `RRULE` (+ `EXDATE`s). Only what the engine
 * supports gets here: FREQ DAILY to YEARLY, INTERVAL, COUNT or UNTIL, BYDAY (ordinals for monthly and
 * yearly rules), BYMONTHDAY, BYMONTH, BYSETPOS, BYEASTER, WKST.
 */
export interface RecurrenceRule {
  /** IANA zone the wall-clock times are in (DTSTART's TZID; UTC for a `Z` start). */
  readonly zone: string;
  /** DTSTART as floating milliseconds. */
  readonly start: number;
  readonly freq: Frequency;
  readonly interval: number;
  readonly count?: number;
  readonly until?: RuleDate;
  readonly byDay?: readonly ByDay[];
  readonly byMonthDay?: readonly number[];
  readonly byMonth?: readonly number[];
  readonly bySetPos?: readonly number[];
  readonly byEaster?: number;
  readonly wkst?: WeekdayCode;
  readonly exdates: readonly RuleDate[];
}

export interface ParseOptions {
  /** Zone for a DTSTART with neither TZID nor Z (docs/product.md §9: the organiser's zone, else UTC). */
  defaultZone?: string;
}

const MIN_YEAR = 1900;
const MAX_YEAR = 2999;
const MAX_INTERVAL = 1000;
const SUB_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY']);
const UNSUPPORTED_PARTS = new Set(['BYHOUR', 'BYMINUTE', 'BYSECOND', 'BYYEARDAY', 'BYWEEKNO']);
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

const fail = (message: string, cap?: RecurrenceCap): never => {
  throw new RecurrenceError(message, cap);
};

/** Reads rule text; any problem is a RecurrenceError whose message the API returns as is. */
export function parseRule(text: string, options: ParseOptions = {}): RecurrenceRule {
  const lines = text.trim().split(/\s+/);
  if (!lines[0]) fail('Invalid empty string');
  let dtstart: { value: string; tzid?: string } | undefined;
  let rrule: string | undefined;
  const exdates: { value: string; tzid?: string; dateOnly: boolean }[] = [];

  for (const line of lines) {
    const { name, params, value } = splitLine(line);
    switch (name) {
      case 'DTSTART':
        if (dtstart) fail('Only one DTSTART is allowed');
        dtstart = { value, ...dateParams(params, 'DTSTART') };
        break;
      case 'RRULE':
        if (params.length) fail(`unsupported RRULE parm: ${params.join(',')}`);
        if (rrule !== undefined) fail('Only one RRULE is supported');
        rrule = value;
        break;
      case 'EXDATE': {
        const { tzid, dateOnly } = dateParams(params, 'EXDATE');
        for (const each of value.split(',')) exdates.push({ value: each, tzid, dateOnly });
        break;
      }
      case 'RDATE':
      case 'EXRULE':
        fail(`${name} is not supported`);
        break;
      default:
        fail(`unsupported property: ${name}`);
    }
  }
  if (!dtstart) return fail('DTSTART is required');
  if (rrule === undefined) return fail('RRULE is required');

  const zone = checkZone(dtstart.tzid ?? (dtstart.value.endsWith('Z') ? 'UTC' : (options.defaultZone ?? 'UTC')));
  const start = parseRuleDate(dtstart.value, 'DTSTART');
  if (start.kind === 'date') fail('DTSTART must be a date and time (YYYYMMDDTHHMMSS)');
  if (start.kind === 'instant' && dtstart.tzid) fail(`Invalid DTSTART value: ${dtstart.value}`);
  const startLocal = start.kind === 'instant' ? zoneOffsets(zone).toLocal(start.instant) : start.local;

  const parts = parseRrule(rrule);
  const exdateList = exdates.map(({ value, tzid, dateOnly }) => {
    const date = parseRuleDate(value, 'EXDATE');
    if (dateOnly !== (date.kind === 'date')) fail(`Invalid EXDATE value: ${value}`);
    if (date.kind !== 'local' || !tzid) return date;
    const exdateZone = checkZone(tzid);
    // A wall-clock time in another zone is one instant; keep it as that instant.
    return exdateZone === zone
      ? date
      : { kind: 'instant' as const, instant: zoneOffsets(exdateZone).toInstant(date.local) };
  });
  return { zone, start: startLocal, ...parts, exdates: exdateList };
}

/** Parse, then check the business limits of docs/product.md §5/§9 that a rule must meet to be saved. */
export function validateRule(text: string, options: ParseOptions & { now: Date }): RecurrenceRule {
  const rule = parseRule(text, options);
  if (rule.count !== undefined && rule.count > MAX_COUNT) fail(recurrenceMessages.maxCount, 'maxCount');
  if (rule.until) {
    const offsets = zoneOffsets(rule.zone);
    const untilLocal = rule.until.kind === 'instant' ? offsets.toLocal(rule.until.instant) : rule.until.local;
    const latest = DateTime.fromJSDate(options.now, { zone: rule.zone }).plus({ years: 1 }).toISODate();
    if (localDate(untilLocal) > (latest ?? '')) fail(recurrenceMessages.untilTooFar, 'untilTooFar');
  }
  return rule;
}

/** The canonical text of a rule: DTSTART;TZID, one RRULE, EXDATE lines grouped by kind. */
export function formatRule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`, `INTERVAL=${rule.interval}`];
  if (rule.byMonth) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byMonthDay) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay) parts.push(`BYDAY=${rule.byDay.map((d) => `${d.n ?? ''}${d.weekday}`).join(',')}`);
  if (rule.bySetPos) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.byEaster !== undefined) parts.push(`BYEASTER=${rule.byEaster}`);
  if (rule.wkst) parts.push(`WKST=${rule.wkst}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until) parts.push(`UNTIL=${formatRuleDate(rule.until)}`);
  const lines = [`DTSTART;TZID=${rule.zone}:${formatLocal(rule.start)}`, `RRULE:${parts.join(';')}`];
  const byKind = (kind: RuleDate['kind']) => rule.exdates.filter((d) => d.kind === kind).map(formatRuleDate);
  const [local, instant, date] = [byKind('local'), byKind('instant'), byKind('date')];
  if (local.length) lines.push(`EXDATE;TZID=${rule.zone}:${local.join(',')}`);
  if (instant.length) lines.push(`EXDATE:${instant.join(',')}`);
  if (date.length) lines.push(`EXDATE;VALUE=DATE:${date.join(',')}`);
  return lines.join('\n');
}

/**
 * The rule text with one more EXDATE, for deleting one occurrence of a series (docs/domain.md) so that
 * regeneration never brings it back. `instant` is the occurrence's start.
 */
export function addExdate(text: string, instant: Date, options: ParseOptions = {}): string {
  const rule = parseRule(text, options);
  const offsets = zoneOffsets(rule.zone);
  const local = offsets.toLocal(instant.getTime());
  // Written as wall-clock time unless that reads back as another instant (the second 01:30 of a fall-back night).
  const exdate: RuleDate =
    offsets.toInstant(local) === instant.getTime()
      ? { kind: 'local', local }
      : { kind: 'instant', instant: instant.getTime() };
  return formatRule({ ...rule, exdates: [...rule.exdates, exdate] });
}

/** 'YYYYMMDDTHHMMSS' of floating milliseconds. */
export function formatLocal(local: number): string {
  return new Date(local).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** 'YYYY-MM-DD' of floating milliseconds. */
export function localDate(local: number): string {
  return new Date(local).toISOString().slice(0, 10);
}

export function weekdayOf(local: number): WeekdayCode {
  return WEEKDAY_CODES[(new Date(local).getUTCDay() + 6) % 7] as WeekdayCode;
}

function formatRuleDate(date: RuleDate): string {
  if (date.kind === 'instant') return `${formatLocal(date.instant)}Z`;
  if (date.kind === 'date') return formatLocal(date.local).slice(0, 8);
  return formatLocal(date.local);
}

function splitLine(line: string): { name: string; params: string[]; value: string } {
  const colon = line.indexOf(':');
  // rrule.js reads a line without a property name as an RRULE value ('FREQ=WEEKLY;BYDAY=MO').
  if (colon === -1) return { name: 'RRULE', params: [], value: line };
  const [name = '', ...params] = line.slice(0, colon).split(';');
  return { name: name.toUpperCase(), params, value: line.slice(colon + 1) };
}

function dateParams(params: string[], property: 'DTSTART' | 'EXDATE'): { tzid?: string; dateOnly: boolean } {
  let tzid: string | undefined;
  let dateOnly = false;
  for (const param of params) {
    const [key = '', value = ''] = param.split('=');
    const upper = value.toUpperCase();
    if (key.toUpperCase() === 'TZID' && value) tzid = value.replace(/^"(.*)"$/, '$1');
    else if (key.toUpperCase() === 'VALUE' && (upper === 'DATE' || upper === 'DATE-TIME')) dateOnly = upper === 'DATE';
    else fail(property === 'EXDATE' ? `unsupported RDATE/EXDATE parm: ${param}` : `unsupported DTSTART parm: ${param}`);
  }
  if (property === 'DTSTART' && dateOnly) fail('DTSTART must be a date and time (YYYYMMDDTHHMMSS)');
  return tzid === undefined ? { dateOnly } : { tzid, dateOnly };
}

/**
 * Floating wall-clock time as UTC milliseconds from a regex match whose groups 1-6 are year, month,
 * day, hour, minute, second (time groups may be absent); null when the date or time does not exist.
 */
export function wallClockMillis(match: RegExpExecArray): number | null {
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
  const exists = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists && hour <= 23 && minute <= 59 && second <= 59 ? local : null;
}

/** A DTSTART, UNTIL or EXDATE value: YYYYMMDD, or YYYYMMDDTHHMMSS with an optional Z. */
function parseRuleDate(value: string, property: string): RuleDate {
  const match = DATE_TIME.exec(value);
  if (!match) return fail(`Invalid ${property} value: ${value}`);
  const local = wallClockMillis(match);
  if (local === null) return fail(`Invalid ${property} value: ${value}`);
  const year = new Date(local).getUTCFullYear();
  if (year < MIN_YEAR || year > MAX_YEAR) fail(`${property} must be between the years ${MIN_YEAR} and ${MAX_YEAR}`);
  if (match[4] === undefined) return { kind: 'date', local };
  return match[7] === undefined ? { kind: 'local', local } : { kind: 'instant', instant: local };
}

type RruleParts = Omit<RecurrenceRule, 'zone' | 'start' | 'exdates'>;

function parseRrule(value: string): RruleParts {
  const seen = new Map<string, string>();
  for (const part of value.toUpperCase().split(';')) {
    if (!part) continue;
    const [key = '', partValue = ''] = part.split('=');
    if (seen.has(key)) fail(`${key} is given twice`);
    seen.set(key, partValue);
  }
  const read = <T>(key: string, parse: (raw: string) => T): T | undefined => {
    const raw = seen.get(key);
    seen.delete(key);
    return raw === undefined ? undefined : parse(raw);
  };

  const freq = read('FREQ', parseFrequency) ?? fail('FREQ is required');
  const interval = read('INTERVAL', (raw) => integer(raw, 'INTERVAL', 1, MAX_INTERVAL)) ?? 1;
  const count = read('COUNT', (raw) => integer(raw, 'COUNT', 1, Number.MAX_SAFE_INTEGER));
  const untilRaw = read('UNTIL', (raw) => raw);
  const byDay = read('BYDAY', (raw) => list(raw, parseByDay));
  const byMonthDay = read('BYMONTHDAY', (raw) => list(raw, (v) => nonZero(v, 'BYMONTHDAY', 31)));
  const byMonth = read('BYMONTH', (raw) => list(raw, (v) => integer(v, 'BYMONTH', 1, 12)));
  const bySetPos = read('BYSETPOS', (raw) => list(raw, (v) => nonZero(v, 'BYSETPOS', 366)));
  const byEaster = read('BYEASTER', (raw) => integer(raw, 'BYEASTER', -366, 366));
  const wkst = read('WKST', (raw) => (isWeekday(raw) ? raw : fail(`Invalid WKST value: ${raw}`)));
  for (const key of seen.keys()) {
    fail(UNSUPPORTED_PARTS.has(key) ? `${key} is not supported` : `Unknown RRULE property '${key}'`);
  }

  if (count !== undefined && untilRaw !== undefined) fail('COUNT and UNTIL cannot both be set');
  if (byDay?.some((d) => d.n !== undefined)) {
    if (freq !== 'MONTHLY' && freq !== 'YEARLY') fail('BYDAY with a number (such as 2TU) needs FREQ=MONTHLY or YEARLY');
    const limit = freq === 'MONTHLY' || byMonth ? 5 : 53;
    if (byDay.some((d) => d.n !== undefined && Math.abs(d.n) > limit))
      fail(`BYDAY numbers must be from -${limit} to ${limit}`);
  }
  if (byMonthDay && freq === 'WEEKLY') fail('BYMONTHDAY cannot be used with FREQ=WEEKLY');
  if (byEaster !== undefined && freq !== 'YEARLY') fail('BYEASTER needs FREQ=YEARLY');
  if (bySetPos && !byDay && !byMonthDay && !byMonth && byEaster === undefined) {
    fail('BYSETPOS needs another BY rule part (such as BYDAY)');
  }

  const parts: { -readonly [K in keyof RruleParts]: RruleParts[K] } = { freq, interval };
  if (count !== undefined) parts.count = count;
  if (untilRaw !== undefined) parts.until = parseRuleDate(untilRaw, 'UNTIL');
  if (byDay) parts.byDay = byDay;
  if (byMonthDay) parts.byMonthDay = byMonthDay;
  if (byMonth) parts.byMonth = byMonth;
  if (bySetPos) parts.bySetPos = bySetPos;
  if (byEaster !== undefined) parts.byEaster = byEaster;
  if (wkst) parts.wkst = wkst;
  return parts;
}

function parseFrequency(raw: string): Frequency {
  if (raw === 'DAILY' || raw === 'WEEKLY' || raw === 'MONTHLY' || raw === 'YEARLY') return raw;
  if (SUB_DAILY.has(raw)) return fail(`Events cannot repeat more often than daily (FREQ=${raw} is not supported)`);
  return fail(`Invalid FREQ value: ${raw}`);
}

function parseByDay(raw: string): ByDay {
  const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(raw);
  const weekday = match?.[2];
  const n = match?.[1] === undefined ? undefined : Number(match[1]);
  if (!weekday || !isWeekday(weekday) || n === 0) return fail(`Invalid weekday string: ${raw}`);
  return n === undefined ? { weekday } : { weekday, n };
}

function isWeekday(raw: string): raw is WeekdayCode {
  return (WEEKDAY_CODES as readonly string[]).includes(raw);
}

function list<T>(raw: string, parse: (value: string) => T): T[] {
  return raw.split(',').map(parse);
}

function integer(raw: string, key: string, min: number, max: number): number {
  const value = /^[+-]?\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) {
    fail(
      max === Number.MAX_SAFE_INTEGER
        ? `${key} must be a positive whole number`
        : `${key} must be a whole number from ${min} to ${max}`,
    );
  }
  return value;
}

function nonZero(raw: string, key: string, max: number): number {
  const value = /^[+-]?\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(value !== 0 && Math.abs(value) <= max)) fail(`${key} values must be from 1 to ${max} or -${max} to -1`);
  return value;
}
