import { eventMessages, type Message, toMessage } from '@ritim/shared';
import { AppError } from '../platform/errors.js';
import { RecurrenceError } from './errors.js';
import { addExdate, formatRule, parseRule, type RecurrenceRule, type RuleDate } from './rule.js';
import { zoneOffsets } from './zone.js';

/**
 * What an event does with its stored rule text: run the engine on it (its refusals a 400), read it
 * in another zone, continue it after a split, and keep or add its EXDATEs.
 */

/**
 * The engine's refusal as the API answers it: a business limit as the events section words it, any
 * other refusal in the engine's own words (events.ruleInvalid).
 */
const refusalOf = (error: RecurrenceError): Message =>
  error.cap ? toMessage(eventMessages[error.cap]) : eventMessages.ruleInvalid({ reason: error.message });

/** Runs recurrence-engine code; its refusals are the client's 400, never a 500. */
export function engine<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof RecurrenceError) throw new AppError(400, refusalOf(error));
    throw error;
  }
}

/**
 * The rule text read in `zone`: every wall-clock time (DTSTART, EXDATEs) keeps its time of day in
 * the new zone, as an event's occurrences do when its organiser's zone changes.
 */
export const ruleInZone = (text: string, zone: string): string => text.replace(/TZID=[^:;]+/g, `TZID=${zone}`);

/**
 * The text of the later part of a split series (recurrence/split.ts: DTSTART at the split, COUNT
 * less the slots kept, UNTIL kept, the EXDATEs from there on), read in `zone`.
 */
export const continuedRule = (after: RecurrenceRule, zone: string): string => ruleInZone(formatRule(after), zone);

/**
 * The rule text with an EXDATE for `start`, unless the rule already leaves that instant out: the
 * slot an occurrence was deleted or moved from must never be generated again.
 */
export function excludeStart(rrule: string, zone: string, start: Date): string {
  return engine(() => {
    const rule = parseRule(rrule, { defaultZone: zone });
    const offsets = zoneOffsets(rule.zone);
    const excluded = rule.exdates.some(
      (d) =>
        (d.kind === 'instant' && d.instant === start.getTime()) ||
        (d.kind === 'local' && offsets.toInstant(d.local) === start.getTime()),
    );
    return excluded ? rrule : addExdate(rrule, start, { defaultZone: zone });
  });
}

/** The EXDATEs of a stored rule (none when the engine no longer reads it). */
export function storedExdates(rrule: string): readonly RuleDate[] {
  try {
    return parseRule(rrule).exdates;
  } catch (error) {
    if (error instanceof RecurrenceError) return [];
    throw error;
  }
}

/**
 * Rule text as sent, plus the `kept` EXDATEs it lacks: a client that rebuilds the rule without
 * them must not bring back the occurrences that were deleted or moved away.
 */
export function withExdates(text: string, kept: readonly RuleDate[], zone: string): string {
  if (kept.length === 0) return text;
  const rule = parseRule(text, { defaultZone: zone });
  const key = (date: RuleDate) => `${date.kind}:${date.kind === 'instant' ? date.instant : date.local}`;
  const present = new Set(rule.exdates.map(key));
  const missing = kept.filter((date) => !present.has(key(date)));
  return missing.length ? formatRule({ ...rule, exdates: [...rule.exdates, ...missing] }) : text;
}
