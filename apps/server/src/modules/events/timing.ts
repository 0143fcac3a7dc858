import { type CreateEvent, eventMessages } from '@ritim/shared';
import { DateTime } from 'luxon';
import { AppError } from '../../platform/errors.js';
import { horizonEnd, isNeverEnding, startInstant } from '../../recurrence/expand.js';
import { buildRuleText } from '../../recurrence/repeat-options.js';
import { type RecurrenceRule, validateRule } from '../../recurrence/rule.js';
import { engine, storedExdates, withExdates } from '../../recurrence/rule-text.js';

const HOUR_MS = 3_600_000;

/** An event's rule as it will be stored, and its first occurrence's span. */
export interface Timing {
  rrule: string;
  rule: RecurrenceRule;
  startsAt: Date;
  endDate: Date;
}

/** The stored rule and span an edit starts from. */
export interface PreviousTiming {
  startsAt: Date;
  endDate: Date;
  rrule: string;
}

/**
 * The rule text (from `repeat` in the organiser's zone, or as sent) checked against the caps, and
 * the first occurrence's span. When editing, the EXDATEs of the `previous` rule are carried over.
 */
export function eventTiming(
  input: Pick<CreateEvent, 'rrule' | 'repeat' | 'endTime' | 'endDate'>,
  zone: string,
  now: Date,
  previous?: PreviousTiming,
): Timing {
  const kept = previous ? storedExdates(previous.rrule) : [];
  const rrule = engine(() => {
    if (input.repeat) return buildRuleText({ ...input.repeat, zone }, kept);
    if (input.rrule) return withExdates(input.rrule, kept, zone);
    throw new AppError(400, eventMessages.ruleRequired);
  });
  const rule = engine(() => validateRule(rrule, { now, defaultZone: zone }));
  const startsAt = startInstant(rule);
  let endDate: Date;
  if (input.endTime) {
    const day = new Date(rule.start).toISOString().slice(0, 10);
    endDate = DateTime.fromISO(`${day}T${input.endTime}`, { zone: rule.zone }).toJSDate();
  } else if (input.endDate) {
    endDate = new Date(input.endDate);
  } else if (previous) {
    endDate = new Date(startsAt.getTime() + (previous.endDate.getTime() - previous.startsAt.getTime()));
  } else {
    endDate = new Date(startsAt.getTime() + HOUR_MS);
  }
  if (endDate.getTime() < startsAt.getTime()) throw new AppError(400, eventMessages.startAfterEnd);
  return { rrule, rule, startsAt, endDate };
}

/** A session's length under the timing. */
export const durationOf = (timing: Timing): number => timing.endDate.getTime() - timing.startsAt.getTime();

/** The event's columns that come from its timing (the rule and the first occurrence's span). */
export function timingColumns(timing: Timing, now: Date) {
  return {
    rrule: timing.rrule,
    timezone: timing.rule.zone,
    startsAt: timing.startsAt,
    endDate: timing.endDate,
    doesNotRepeat: timing.rule.count === 1,
    generatedUntil: isNeverEnding(timing.rule) ? new Date(horizonEnd(timing.rule, now)) : null,
  };
}
