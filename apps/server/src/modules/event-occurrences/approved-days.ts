import { type SQL, sql } from 'drizzle-orm';
import { approvedDays } from '../../platform/db/schema.js';
import type { Tx } from '../../platform/db/client.js';

/*
 * The approved days (docs/domain.md#statuses): Approve Schedule records the instants of its day, as
 * read in the zone it was asked in, so a session made or moved there later is approved like the
 * day's others and reminders reach it; Unapprove takes them out again.
 */

/** The advisory lock (class, key) of the approved days: approving holds it alone, making sessions shares it. */
const APPROVAL_LOCK = [0x617070, 0] as const;

/** Whether `start` (an SQL timestamptz) is on an approved day. */
export const onApprovedDay = (start: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${approvedDays} d where d.ends_before > ${start} and d.starts_from <= ${start})`;

/** The status of a session (neither cancelled nor completed) starting at `start`: its day's. */
export const dayStatus = (start: SQL): SQL<'scheduled' | 'approved'> =>
  sql<'scheduled' | 'approved'>`(case when ${onApprovedDay(start)} then 'approved' else 'scheduled' end)`;

/**
 * Taken first by a transaction that makes or moves sessions (before any row lock, as approving
 * takes it before the day's rows): it waits for an approval being written, so its statements see
 * the approved day, and an approval waits for it, so the approval's statement sees its sessions.
 */
export async function holdApprovedDays(tx: Tx): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock_shared(${APPROVAL_LOCK[0]}::integer, ${APPROVAL_LOCK[1]}::integer)`,
  );
}

/** Approve Schedule: [start, end) is an approved day from now on (what it covered already is dropped). */
export async function recordApprovedDay(tx: Tx, start: Date, end: Date): Promise<void> {
  await lockApprovedDays(tx);
  const [from, to] = [start.toISOString(), end.toISOString()];
  await tx.execute(sql`with covered as (delete from ${approvedDays}
      where starts_from >= ${from}::timestamptz and ends_before <= ${to}::timestamptz)
    insert into ${approvedDays} (starts_from, ends_before) values (${from}::timestamptz, ${to}::timestamptz)`);
}

/**
 * Unapprove Schedule: [start, end) is no longer approved. A day approved in another zone overlaps
 * it only in part: what lies outside stays approved (the row is cut, in two if need be).
 */
export async function removeApprovedDay(tx: Tx, start: Date, end: Date): Promise<void> {
  await lockApprovedDays(tx);
  const [from, to] = [start.toISOString(), end.toISOString()];
  await tx.execute(sql`with hit as (delete from ${approvedDays}
      where starts_from < ${to}::timestamptz and ends_before > ${from}::timestamptz
      returning starts_from, ends_before)
    insert into ${approvedDays} (starts_from, ends_before)
    select starts_from, ${from}::timestamptz from hit where starts_from < ${from}::timestamptz
    union all
    select ${to}::timestamptz, ends_before from hit where ends_before > ${to}::timestamptz`);
}

/** Approving's side of the lock: held until the approval commits, with the day's statuses. */
async function lockApprovedDays(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${APPROVAL_LOCK[0]}::integer, ${APPROVAL_LOCK[1]}::integer)`);
}
