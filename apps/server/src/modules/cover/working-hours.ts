import { WEEK_DAYS, type WorkingInterval } from '@ritim/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { workingHours } from '../../platform/db/schema.js';
import { idArray } from '../users/active-guests.js';
import type { Executor } from '../../platform/db/client.js';

/** `HH:mm` of minutes from midnight (1440 is `24:00`). */
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** One stored interval: day 0 (Monday) to 6, minutes from midnight. */
export interface StoredInterval {
  userId: number;
  day: number;
  fromMinute: number;
  toMinute: number;
}

/** The working hours table (docs/domain.md#working-hours): a week of intervals per user. */
export class WorkingHoursRepository {
  constructor(private readonly db: Executor) {}

  /** The intervals of each of `userIds` (those with none are absent), by day then start. */
  async of(userIds: readonly number[], db: Executor = this.db): Promise<Map<number, StoredInterval[]>> {
    const week = new Map<number, StoredInterval[]>();
    if (userIds.length === 0) return week;
    const rows = await db
      .select({
        userId: workingHours.userId,
        day: workingHours.day,
        fromMinute: workingHours.fromMinute,
        toMinute: workingHours.toMinute,
      })
      .from(workingHours)
      .where(sql`${workingHours.userId} = any(${idArray(userIds)}::integer[])`)
      .orderBy(asc(workingHours.userId), asc(workingHours.day), asc(workingHours.fromMinute));
    for (const row of rows) {
      const intervals = week.get(row.userId);
      if (intervals) intervals.push(row);
      else week.set(row.userId, [row]);
    }
    return week;
  }

  /** The user's week as the API names it. */
  async weekOf(userId: number, db: Executor = this.db): Promise<WorkingInterval[]> {
    return toWeek((await this.of([userId], db)).get(userId) ?? []);
  }

  /** Replaces the user's week. */
  async replace(tx: Executor, userId: number, weekly: readonly WorkingInterval[]): Promise<void> {
    await tx.delete(workingHours).where(eq(workingHours.userId, userId));
    if (weekly.length === 0) return;
    await tx.insert(workingHours).values(
      weekly.map((interval) => ({
        userId,
        day: WEEK_DAYS.indexOf(interval.day),
        fromMinute: minutesOf(interval.from),
        toMinute: minutesOf(interval.to),
      })),
    );
  }
}

/** Stored intervals as the API names them, by day then start. */
export const toWeek = (intervals: readonly StoredInterval[]): WorkingInterval[] =>
  [...intervals]
    .sort((a, b) => a.day - b.day || a.fromMinute - b.fromMinute)
    .map((interval) => ({
      day: WEEK_DAYS[interval.day]!,
      from: timeOf(interval.fromMinute),
      to: timeOf(interval.toMinute),
    }));
