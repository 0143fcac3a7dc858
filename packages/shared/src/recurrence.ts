/**
 * Plain rules about a stored recurrence rule that both sides read (docs/domain.md#series-and-history). No
 * zod here: the events list's first download imports it.
 */

/** The parts of a rule that decide whether it is a single event. */
export interface RuleShape {
  freq: string;
  interval: number;
  count?: number;
  byDay?: readonly unknown[];
  byMonthDay?: readonly number[];
  byMonth?: readonly number[];
  bySetPos?: readonly number[];
  byEaster?: number;
}

/** FREQ=DAILY;INTERVAL=1;COUNT=1 and nothing else: the event form's 'Does not repeat'. */
export function isSingleEvent(rule: RuleShape): boolean {
  return (
    rule.freq === 'DAILY' &&
    rule.interval === 1 &&
    rule.count === 1 &&
    !rule.byDay &&
    !rule.byMonthDay &&
    !rule.byMonth &&
    !rule.bySetPos &&
    rule.byEaster === undefined
  );
}
