import { DateTime } from 'luxon';
import rrule from 'rrule';
import type { Options, RRule as RRuleType } from 'rrule';
import { MAX_COUNT, RecurrenceError } from './errors.js';
import { WEEKDAY_CODES, type Frequency, type RecurrenceRule } from './rule.js';
import { DAY_MS, zoneOffsets } from './zone.js';

const { RRule, Weekday } = rrule;
type ParsedOptions = RRuleType['options'];

/** No expansion yields more than this: the 180 of a COUNT plus a year of a daily series (docs/product.md §5/§9). */
export const MAX_EXPANSION = MAX_COUNT + 366;
/** Never-ending series are generated this far ahead (docs/product.md §9). */
export const HORIZON_MONTHS = 12;

/**
 * rrule.js checks UNTIL, COUNT and the end of a window only when a date matches, so a rule that never
 * matches again (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) walks on to the year 9999: 16 s for a daily one.
 * The engine stops it after as many periods (days, weeks, months, years) as the window spans, and
 * never looks further than this many periods.
 */
const PERIOD_BUDGET: Record<Frequency, number> = { DAILY: 10_000, WEEKLY: 10_000, MONTHLY: 10_000, YEARLY: 2_000 };
const PERIOD_NAMES: Record<Frequency, string> = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' };
/** Past every date the rules may hold (rule.ts accepts years up to 2999). */
const END_OF_TIME = Date.UTC(3000, 0, 1);
const FREQUENCY_CODES: Record<Frequency, number> = {
  DAILY: RRule.DAILY,
  WEEKLY: RRule.WEEKLY,
  MONTHLY: RRule.MONTHLY,
  YEARLY: RRule.YEARLY,
};

export interface ExpandWindow {
  /** First instant to include. */
  from: Date;
  /** First instant to leave out. */
  to: Date;
  /** At most this many instants (and never more than MAX_EXPANSION). */
  limit?: number;
}

/**
 * The rule's occurrences starting in [from, to), as instants in ascending order. The rule is expanded
 * by rrule.js in floating time (wall clock, no zone) and each wall-clock time is then placed in the
 * rule's zone (zone.ts: a time in a spring-forward gap moves forward by the gap, a repeated time takes
 * the first instant), so a weekly 10:00 stays 10:00 local across DST. EXDATEs are left out.
 */
export function expandRule(rule: RecurrenceRule, window: ExpandWindow): Date[] {
  const limit = Math.min(window.limit ?? MAX_EXPANSION, MAX_EXPANSION);
  return expand(rule, window.from, window.to, limit).map((instant) => new Date(instant));
}

export interface SeriesOptions {
  now: Date;
  /** Only occurrences from this instant on (editing regenerates the future; the horizon job extends). */
  from?: Date;
}

/**
 * The occurrences to store for a series (docs/domain.md): every one of a series with COUNT or UNTIL, from
 * DTSTART; for a never-ending one, those of the next 12 months (the form's 'Never' promises exactly
 * that), counted from the start of today in the rule's zone so that today's earlier ones stay.
 * `from` overrides where it starts. More than MAX_EXPANSION at once is refused.
 */
export function seriesOccurrences(rule: RecurrenceRule, options: SeriesOptions): Date[] {
  const start = startInstant(rule).getTime();
  let from = options.from?.getTime() ?? start;
  let to: number;
  if (rule.count !== undefined) to = END_OF_TIME;
  else if (rule.until) to = untilInstant(rule) + 1;
  else {
    to = horizonEnd(rule, options.now);
    const today = DateTime.fromJSDate(options.now, { zone: rule.zone }).startOf('day').toMillis();
    if (!options.from) from = Math.max(start, today);
  }
  const instants = expand(rule, new Date(from), new Date(to), MAX_EXPANSION + 1);
  if (instants.length > MAX_EXPANSION) {
    throw new RecurrenceError(`A series cannot create more than ${MAX_EXPANSION} occurrences at once`);
  }
  return instants.map((instant) => new Date(instant));
}

/** True when the rule has neither COUNT nor UNTIL: its occurrences are kept HORIZON_MONTHS ahead. */
export function isNeverEnding(rule: RecurrenceRule): boolean {
  return rule.count === undefined && rule.until === undefined;
}

/** Where a never-ending series' stored occurrences end: 12 months after `now`, in the rule's zone. */
export function horizonEnd(rule: RecurrenceRule, now: Date): number {
  return DateTime.fromJSDate(now, { zone: rule.zone }).plus({ months: HORIZON_MONTHS }).toMillis();
}

/** DTSTART as an instant (DTSTART itself is an occurrence only when it matches the rule, as in rrule.js). */
export function startInstant(rule: RecurrenceRule): Date {
  return new Date(zoneOffsets(rule.zone).toInstant(rule.start));
}

function expand(rule: RecurrenceRule, from: Date, to: Date, limit: number): number[] {
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs))
    throw new RecurrenceError('Invalid date passed in to RRule.between');
  const instants: number[] = [];
  if (toMs <= fromMs || limit <= 0) return instants;

  const offsets = zoneOffsets(rule.zone);
  const lastInstant = rule.until ? untilInstant(rule) : Infinity;
  const excluded = exclusions(rule);
  // Wall-clock times lie within a day of their instants (offsets stay under 15 hours).
  const floatFrom = Math.max(fromMs - DAY_MS, rule.start);
  const floatTo = Math.min(toMs + DAY_MS, lastInstant === Infinity ? END_OF_TIME : lastInstant + 2 * DAY_MS);
  if (floatTo < floatFrom) return instants;
  // A series without COUNT can start at a later period: nothing before it counts.
  const anchor = rule.count === undefined ? anchorBefore(rule, floatFrom) : rule.start;
  const periods = periodsBetween(rule, anchor, floatTo) + 2;
  const budget = Math.min(periods, PERIOD_BUDGET[rule.freq]);

  let previous = -Infinity;
  const outOfBudget = iterate(rule, anchor, budget, new Date(floatFrom), new Date(floatTo), (local) => {
    const instant = offsets.toInstant(local);
    // A whole skipped day (Samoa, 2011) would map two wall-clock days to one instant.
    if (instant < fromMs || instant <= previous || instant > lastInstant) return true;
    if (instant >= toMs) return false;
    previous = instant;
    if (!excluded.instants.has(instant) && !excluded.days.has(Math.floor(local / DAY_MS))) instants.push(instant);
    return instants.length < limit;
  });
  if (outOfBudget && budget < periods) {
    throw new RecurrenceError(
      `The rule repeats too rarely: its occurrences are not found within ${budget} ${PERIOD_NAMES[rule.freq]}`,
    );
  }
  return instants;
}

/**
 * Runs rrule.js over [after, before] (floating) from `dtstart`, for at most `budget` periods. Returns
 * true when the budget ran out. rrule.js reads `options.interval` once before its loop and twice per
 * period: first to test `interval === 0` (its own exit), then to advance; the view below answers 0 to
 * that test once the budget is spent.
 */
function iterate(
  rule: RecurrenceRule,
  dtstart: number,
  budget: number,
  after: Date,
  before: Date,
  visit: (local: number) => boolean,
): boolean {
  const iterator = new RRule(rruleOptions(rule, dtstart), true);
  const options = iterator.options;
  let reads = 0;
  let spent = false;
  iterator.options = Object.create(options, {
    interval: {
      get: () => {
        reads += 1;
        if (reads % 2 === 0 && reads / 2 >= budget) {
          spent = true;
          return 0;
        }
        return options.interval;
      },
    },
  }) as ParsedOptions;
  iterator.between(after, before, true, (date) => visit(date.getTime()));
  return spent;
}

/** rrule.js options in floating time, with the defaults rrule.js takes from DTSTART spelled out. */
function rruleOptions(rule: RecurrenceRule, dtstart: number): Partial<Options> {
  const start = new Date(rule.start);
  const byDay = rule.byDay?.map((d) => new Weekday(WEEKDAY_CODES.indexOf(d.weekday), d.n));
  const hasDayFilter = rule.byDay !== undefined || rule.byMonthDay !== undefined || rule.byEaster !== undefined;
  let byMonthDay = rule.byMonthDay ? [...rule.byMonthDay] : null;
  let byMonth = rule.byMonth ? [...rule.byMonth] : null;
  let byWeekday = byDay ?? null;
  if (!hasDayFilter) {
    if (rule.freq === 'WEEKLY') byWeekday = [new Weekday((start.getUTCDay() + 6) % 7)];
    if (rule.freq === 'MONTHLY') byMonthDay = [start.getUTCDate()];
    if (rule.freq === 'YEARLY') {
      byMonth ??= [start.getUTCMonth() + 1];
      byMonthDay = [start.getUTCDate()];
    }
  }
  return {
    freq: FREQUENCY_CODES[rule.freq],
    dtstart: new Date(dtstart),
    interval: rule.interval,
    wkst: rule.wkst ? WEEKDAY_CODES.indexOf(rule.wkst) : 0,
    count: rule.count ?? null,
    // UNTIL is applied exactly to instants; rrule.js only needs to stop near it.
    until: rule.until ? new Date(untilLocal(rule) + DAY_MS) : null,
    bymonth: byMonth,
    bymonthday: byMonthDay,
    byweekday: byWeekday,
    bysetpos: rule.bySetPos ? [...rule.bySetPos] : null,
    byeaster: rule.byEaster ?? null,
    byhour: [start.getUTCHours()],
    byminute: [start.getUTCMinutes()],
    bysecond: [start.getUTCSeconds()],
  };
}

/** The start of the last whole period at or before `local` that the series steps on (no later than DTSTART's own). */
function anchorBefore(rule: RecurrenceRule, local: number): number {
  const n = rule.interval;
  const start = new Date(rule.start);
  const at = new Date(local);
  let anchor: number;
  if (rule.freq === 'DAILY' || rule.freq === 'WEEKLY') {
    const week = rule.freq === 'WEEKLY';
    const first = week ? weekStart(rule, dayIndex(rule.start)) : dayIndex(rule.start);
    const step = week ? 7 * n : n;
    const target = week ? weekStart(rule, dayIndex(local)) : dayIndex(local);
    anchor = (first + Math.floor((target - first) / step) * step) * DAY_MS;
  } else if (rule.freq === 'MONTHLY') {
    const first = start.getUTCFullYear() * 12 + start.getUTCMonth();
    const months = Math.floor((at.getUTCFullYear() * 12 + at.getUTCMonth() - first) / n) * n;
    anchor = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1);
  } else {
    const years = Math.floor((at.getUTCFullYear() - start.getUTCFullYear()) / n) * n;
    anchor = Date.UTC(start.getUTCFullYear() + years, 0, 1);
  }
  return anchor > rule.start ? anchor : rule.start;
}

/** How many periods of the rule lie between two wall-clock times (an upper bound, never below 0). */
function periodsBetween(rule: RecurrenceRule, from: number, to: number): number {
  const a = new Date(from);
  const b = new Date(to);
  let units: number;
  if (rule.freq === 'DAILY') units = dayIndex(to) - dayIndex(from);
  else if (rule.freq === 'WEEKLY') units = (weekStart(rule, dayIndex(to)) - weekStart(rule, dayIndex(from))) / 7;
  else if (rule.freq === 'MONTHLY')
    units = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  else units = b.getUTCFullYear() - a.getUTCFullYear();
  return Math.max(0, Math.ceil(units / rule.interval));
}

const dayIndex = (local: number) => Math.floor(local / DAY_MS);

/** The day index of the first day (WKST, Monday by default) of the week holding `day`. */
function weekStart(rule: RecurrenceRule, day: number): number {
  const weekday = (((day + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday; Monday is 0
  const wkst = rule.wkst ? WEEKDAY_CODES.indexOf(rule.wkst) : 0;
  return day - ((weekday - wkst + 7) % 7);
}

function untilLocal(rule: RecurrenceRule): number {
  const until = rule.until;
  if (!until) return END_OF_TIME;
  if (until.kind === 'instant') return zoneOffsets(rule.zone).toLocal(until.instant);
  return until.kind === 'date' ? until.local + DAY_MS - 1000 : until.local;
}

/** The last instant UNTIL lets in. A date means its whole local day. */
function untilInstant(rule: RecurrenceRule): number {
  const until = rule.until;
  if (!until) return Infinity;
  if (until.kind === 'instant') return until.instant;
  const offsets = zoneOffsets(rule.zone);
  return until.kind === 'date' ? offsets.toInstant(until.local + DAY_MS) - 1 : offsets.toInstant(until.local);
}

function exclusions(rule: RecurrenceRule): { instants: Set<number>; days: Set<number> } {
  const instants = new Set<number>();
  const days = new Set<number>();
  const offsets = zoneOffsets(rule.zone);
  for (const exdate of rule.exdates) {
    if (exdate.kind === 'date') days.add(dayIndex(exdate.local));
    else instants.add(exdate.kind === 'instant' ? exdate.instant : offsets.toInstant(exdate.local));
  }
  return { instants, days };
}
