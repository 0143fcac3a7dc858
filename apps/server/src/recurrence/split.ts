import { expandRule, startInstant } from './expand.js';
import type { RecurrenceRule, RuleDate } from './rule.js';
import { DAY_MS, zoneOffsets } from './zone.js';

/** Rules may hold dates up to the year 2999 (rule.ts). */
const LAST_DATE = new Date(Date.UTC(2999, 11, 31));
const YEAR_MS = 366 * DAY_MS;

export interface RuleSplit {
  /**
   * The rule up to the split: UNTIL at its last slot before it (so the form's 'ends on' day holds
   * no later slot), or just before the split when it has none; no COUNT; the EXDATEs before it.
   */
  before: RecurrenceRule;
  /**
   * The rule from the split on: DTSTART at its first slot at or after it, COUNT less the slots
   * before it, UNTIL and WKST kept, the EXDATEs from it on. When no slot is left (the split is at
   * an occurrence moved past the end), a single event at the split.
   */
  after: RecurrenceRule;
}

/**
 * Splits a series at the instant `at` ("this and following"). Slots are counted as RFC 5545
 * counts them, EXDATEs included, so the two rules together make exactly the slots of the one.
 */
export function splitRule(rule: RecurrenceRule, at: Date): RuleSplit {
  const offsets = zoneOffsets(rule.zone);
  const atMs = at.getTime();
  const atDay = Math.floor(offsets.toLocal(atMs) / DAY_MS);
  // The slots as if nothing had been deleted.
  const bare: RecurrenceRule = { ...rule, exdates: [] };

  const before: RuleDate[] = [];
  const after: RuleDate[] = [];
  for (const date of rule.exdates) {
    if (date.kind === 'date') {
      const day = Math.floor(date.local / DAY_MS);
      if (day <= atDay) before.push(date);
      if (day >= atDay) after.push(date);
    } else {
      const instant = date.kind === 'instant' ? date.instant : offsets.toInstant(date.local);
      (instant < atMs ? before : after).push(date);
    }
  }

  const { count, until, ...shape } = rule;
  const last = lastSlotBefore(bare, at);
  const beforeRule: RecurrenceRule = {
    ...shape,
    until: { kind: 'instant', instant: last ?? atMs - 1000 },
    exdates: before,
  };

  const [next] = expandRule(bare, { from: at, to: LAST_DATE, limit: 1 });
  let afterRule: RecurrenceRule;
  if (next) {
    // The slot's day at DTSTART's time of day (a slot moved forward by a spring-forward gap keeps its time).
    const timeOfDay = ((rule.start % DAY_MS) + DAY_MS) % DAY_MS;
    const start = Math.floor(offsets.toLocal(next.getTime()) / DAY_MS) * DAY_MS + timeOfDay;
    const kept = count === undefined ? 0 : expandRule(bare, { from: startInstant(rule), to: at }).length;
    afterRule = {
      ...shape,
      start,
      ...(count === undefined ? {} : { count: count - kept }),
      ...(until === undefined ? {} : { until }),
      exdates: after,
    };
  } else {
    afterRule = { zone: rule.zone, start: offsets.toLocal(atMs), freq: 'DAILY', interval: 1, count: 1, exdates: [] };
  }
  return { before: beforeRule, after: afterRule };
}

/** The rule's last slot before `at` (an instant), looking back a year at a time (a year holds at most 366 slots). */
function lastSlotBefore(rule: RecurrenceRule, at: Date): number | undefined {
  const first = startInstant(rule).getTime();
  for (let to = at.getTime(); to > first; to -= YEAR_MS) {
    const slots = expandRule(rule, { from: new Date(Math.max(first, to - YEAR_MS)), to: new Date(to) });
    const last = slots.at(-1);
    if (last) return last.getTime();
  }
  return undefined;
}
