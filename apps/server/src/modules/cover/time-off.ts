import type { TimeOff, TimeOffListQuery } from '@ritim/shared';
import { and, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { timeOff, users } from '../../platform/db/schema.js';
import { personName } from '../../lib/names.js';

/** A time off as stored: its days, zone and instants. */
export interface StoredTimeOff {
  id: number;
  userId: number;
  userName: string;
  fromDay: string;
  toDay: string;
  timezone: string;
  startsFrom: Date;
  endsBefore: Date;
  reason: string | null;
}

export const toTimeOff = (row: StoredTimeOff): TimeOff => ({
  id: row.id,
  user: { id: row.userId, name: row.userName },
  from: row.fromDay,
  to: row.toDay,
  reason: row.reason,
});

const columns = {
  id: timeOff.id,
  userId: timeOff.userId,
  username: users.username,
  name: users.name,
  surname: users.surname,
  fromDay: timeOff.fromDay,
  toDay: timeOff.toDay,
  timezone: timeOff.timezone,
  startsFrom: timeOff.startsFrom,
  endsBefore: timeOff.endsBefore,
  reason: timeOff.reason,
};

type Row = { username: string; name: string | null; surname: string | null } & Omit<StoredTimeOff, 'userName'>;
const toStored = ({ username, name, surname, ...row }: Row): StoredTimeOff => ({
  ...row,
  userName: personName(name, surname, username),
});

/** The time off table (docs/domain.md#time-off). */
export class TimeOffRepository {
  constructor(private readonly db: Executor) {}

  async insert(tx: Executor, values: Omit<StoredTimeOff, 'id' | 'userName'> & { createdBy: number }): Promise<number> {
    const [row] = await tx.insert(timeOff).values(values).returning({ id: timeOff.id });
    return row!.id;
  }

  async find(id: number, db: Executor = this.db): Promise<StoredTimeOff | undefined> {
    const [row] = await db
      .select(columns)
      .from(timeOff)
      .innerJoin(users, eq(users.id, timeOff.userId))
      .where(eq(timeOff.id, id));
    return row && toStored(row);
  }

  async remove(tx: Executor, id: number): Promise<void> {
    await tx.delete(timeOff).where(eq(timeOff.id, id));
  }

  /** A page of the time off whose days overlap `from`..`to`, of `userId` when given, newest first day first. */
  async list(query: TimeOffListQuery): Promise<{ rows: StoredTimeOff[]; total: number }> {
    const where = and(
      query.userId === undefined ? undefined : eq(timeOff.userId, query.userId),
      query.from === undefined ? undefined : gte(timeOff.toDay, query.from),
      query.to === undefined ? undefined : lte(timeOff.fromDay, query.to),
    );
    const [rows, [count]] = await Promise.all([
      this.db
        .select(columns)
        .from(timeOff)
        .innerJoin(users, eq(users.id, timeOff.userId))
        .where(where)
        .orderBy(desc(timeOff.fromDay), desc(timeOff.id))
        .limit(query.limit)
        .offset(query.offset),
      this.db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(timeOff)
        .where(where),
    ]);
    return { rows: rows.map(toStored), total: count?.total ?? 0 };
  }

  /** The time off of `userIds` (every user's when undefined) overlapping [from, to), by user then start. */
  async overlapping(
    from: Date,
    to: Date,
    userIds?: readonly number[],
    db: Executor = this.db,
  ): Promise<StoredTimeOff[]> {
    if (userIds?.length === 0) return [];
    const conditions: (SQL | undefined)[] = [
      lt(timeOff.startsFrom, to),
      sql`${timeOff.endsBefore} > ${from.toISOString()}::timestamptz`,
      userIds ? inArray(timeOff.userId, [...userIds]) : undefined,
    ];
    const rows = await db
      .select(columns)
      .from(timeOff)
      .innerJoin(users, eq(users.id, timeOff.userId))
      .where(and(...conditions))
      .orderBy(timeOff.userId, timeOff.startsFrom);
    return rows.map(toStored);
  }
}
