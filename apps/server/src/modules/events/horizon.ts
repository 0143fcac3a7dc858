import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../platform/db/client.js';
import { events } from '../../platform/db/schema.js';
import { statisticsOf } from '../../platform/db/statistics.js';
import { RecurrenceError } from '../../recurrence/errors.js';
import { horizonEnd, seriesOccurrences } from '../../recurrence/expand.js';
import { parseRule, type RecurrenceRule } from '../../recurrence/rule.js';
import { holdApprovedDays, SeriesRepository } from '../event-occurrences/index.js';

/**
 * The rolling horizon: every active never-ending event whose occurrences end before 12 months from
 * `now` gets the missing ones (on conflict do nothing) and a later `generated_until`. Each event is
 * handled in its own transaction holding its row with FOR UPDATE SKIP LOCKED, so two processes
 * running this at once on PostgreSQL split the events between them and create nothing twice.
 * Returns how many occurrences were created.
 */
export async function extendHorizons(db: Db, now: Date = new Date()): Promise<number> {
  // Every zone's 12 months ahead ends within a day of UTC's: the per-event check is exact.
  const cutoff = DateTime.fromJSDate(now, { zone: 'UTC' }).plus({ months: 12, days: 1 }).toJSDate();
  const due = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.status, 'active'), isNotNull(events.generatedUntil), lt(events.generatedUntil, cutoff)))
    .orderBy(asc(events.id));
  const series = new SeriesRepository(db);
  let created = 0;
  for (const { id } of due) {
    created += await db.transaction(async (tx) => {
      // The sessions it adds take their day's schedule (approved-days.ts).
      await holdApprovedDays(tx);
      const [event] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, id), eq(events.status, 'active'), isNotNull(events.generatedUntil)))
        .for('update', { skipLocked: true });
      if (!event?.generatedUntil) return 0;
      let rule: RecurrenceRule;
      let starts: Date[];
      const target = (r: RecurrenceRule) => horizonEnd(r, now);
      try {
        rule = parseRule(event.rrule);
        if (event.generatedUntil.getTime() >= target(rule)) return 0;
        starts = seriesOccurrences(rule, { now, from: event.generatedUntil });
      } catch (error) {
        // A rule the engine no longer accepts must not stop the others (nor the server's start).
        if (error instanceof RecurrenceError) return 0;
        throw error;
      }
      const count = await series.insertSeries(tx, id, starts, event.endDate.getTime() - event.startsAt.getTime());
      await tx
        .update(events)
        .set({ generatedUntil: new Date(target(rule)) })
        .where(eq(events.id, id));
      return count;
    });
  }
  // A bulk write: the tables it grew are analyzed now (platform/db/statistics.ts), not when autovacuum gets to them.
  if (created > 0) await statisticsOf(db).analyze();
  return created;
}
