import { MAKEUP_FIRST_HOUR, MAKEUP_LAST_HOUR, MAKEUP_MAX_SLOTS } from '@ritim/shared';
import { DateTime } from 'luxon';

/** A candidate time for a make-up: [start, end) as epoch milliseconds. */
export interface Slot {
  start: number;
  end: number;
}

/** Proposals on one day are this far apart at least (start to start), and at most this many a day. */
const SAME_DAY_GAP_MS = 3 * 60 * 60 * 1000;
const PER_DAY = 2;
const STEP_MINUTES = 30;

/** Local 20:00 of the day `local` is on: a make-up ends by it. */
const dayEnd = (local: DateTime) => local.set({ hour: MAKEUP_LAST_HOUR, minute: 0, second: 0, millisecond: 0 });

/**
 * Whether a make-up of `lengthMs` starting at `start` is on the grid (docs/domain.md#make-ups): on
 * :00 or :30 of a local hour in `zone`, from 08:00, ending by 20:00 the same day (real
 * milliseconds, so across a DST change the wall clock and the length both hold).
 */
export function onGrid(start: number, lengthMs: number, zone: string): boolean {
  const local = DateTime.fromMillis(start, { zone });
  if (!local.isValid || local.second !== 0 || local.millisecond !== 0) return false;
  if (local.minute % STEP_MINUTES !== 0 || local.hour < MAKEUP_FIRST_HOUR) return false;
  return lengthMs > 0 && start + lengthMs <= dayEnd(local).toMillis();
}

/**
 * Every grid slot of `lengthMs` that starts after `after` and before `before`, by start: each
 * calendar day of `zone` from 08:00 every half hour while the slot still ends by 20:00. A local time
 * that does not exist that day (a DST gap) is left out rather than moved.
 */
export function gridSlots(after: number, before: number, lengthMs: number, zone: string): Slot[] {
  const slots: Slot[] = [];
  if (lengthMs <= 0) return slots;
  let day = DateTime.fromMillis(after, { zone }).startOf('day');
  while (day.toMillis() < before) {
    for (let minutes = MAKEUP_FIRST_HOUR * 60; minutes < MAKEUP_LAST_HOUR * 60; minutes += STEP_MINUTES) {
      const hour = Math.floor(minutes / 60);
      const minute = minutes % 60;
      const local = day.set({ hour, minute });
      if (local.hour !== hour || local.minute !== minute) continue;
      const start = local.toMillis();
      if (start <= after || start >= before || !onGrid(start, lengthMs, zone)) continue;
      slots.push({ start, end: start + lengthMs });
    }
    day = day.plus({ days: 1 }).startOf('day');
  }
  return slots;
}

/** Whether [a.start, a.end) and [b.start, b.end) overlap (half-open: touching is free). */
export const overlaps = (a: Slot, b: Slot) => a.start < b.end && b.start < a.end;

/**
 * The proposals among `free` (sorted by start), spread (docs/domain.md#make-ups): the earliest
 * first, but at most two a day (in `zone`), the second at least three hours after the first, so
 * five proposals are never five half-hours of one morning. At most MAKEUP_MAX_SLOTS.
 */
export function spread(free: readonly Slot[], zone: string, max = MAKEUP_MAX_SLOTS): Slot[] {
  const picked: Slot[] = [];
  const byDay = new Map<string, Slot[]>();
  for (const slot of free) {
    if (picked.length >= max) break;
    const day = DateTime.fromMillis(slot.start, { zone }).toISODate() ?? '';
    const that = byDay.get(day) ?? [];
    if (that.length >= PER_DAY) continue;
    if (that.some((other) => Math.abs(slot.start - other.start) < SAME_DAY_GAP_MS)) continue;
    that.push(slot);
    byDay.set(day, that);
    picked.push(slot);
  }
  return picked;
}
