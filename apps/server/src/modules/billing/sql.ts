import type { Currency } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  billingAccountGuests,
  billingAccounts,
  billingInvoiceLines,
  billingInvoices,
  billingPayments,
  users,
} from '../../platform/db/schema.js';
import { pgErrorCode } from '../../platform/errors.js';
import type { Executor } from '../../platform/db/client.js';
import { personNameSql } from '../event-occurrences/index.js';

/**
 * Transaction-scoped advisory locks of billing. Whatever takes both takes RUN first: the month's
 * run (one set of drafts however many run at once) and the account writes (a guest in at most one
 * account, checked and written under it).
 */
const LOCKS = { run: 7_301_001, accounts: 7_301_002 } as const;

export async function lockBilling(tx: Executor, lock: keyof typeof LOCKS): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS[lock]}::bigint)`);
}

/** The rows of a raw query. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A JSON column as drivers give it: parsed already (node-postgres) or text (PGlite's json). */
export const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The name a person goes by: "Name Surname", else the username. */
export const guestNameSql = personNameSql;

/** An account's guests as one JSON array, by name (`account`: the row's id expression). */
export const accountGuestsJson = (account: SQL) =>
  sql<string>`(select coalesce(json_agg(json_build_object('id', u.id, 'name', ${personNameSql(sql`u`)})
      order by ${personNameSql(sql`u`)}, u.id), '[]'::json)
    from ${billingAccountGuests} ag join ${users} u on u.id = ag.guest_id where ag.account_id = ${account})`;

/**
 * What an account owes per currency, as one JSON array by currency: its issued invoices less its
 * payments (a voided invoice no longer counts). Currencies with nothing are left out.
 */
export const accountBalanceJson = (account: SQL) =>
  sql<string>`(select coalesce(json_agg(json_build_object('currency', b.currency, 'amount', b.amount) order by b.currency), '[]'::json)
    from (select x.currency, cast(sum(x.amount) as bigint) as amount from (
        select i.currency, i.total as amount from ${billingInvoices} i where i.account_id = ${account} and i.status = 'issued'
        union all
        select p.currency, -p.amount from ${billingPayments} p where p.account_id = ${account}
      ) x group by x.currency) b)`;

/** What the invoices that are not void hold of one (session, guest) pair. */
export interface HeldPair {
  /** The sum of its lines: what it is billed now. */
  net: number;
  /** What its first charge line billed (0 when a package paid). */
  charged: number;
  /** The last invoice with a line of it: the one an adjustment corrects. */
  lastInvoiceId: number;
  accountId: number;
  accountName: string;
  currency: Currency;
}

/** The pairs among `occurrenceIds` that invoices other than void ones hold, by pairKey. */
export async function heldPairs(db: Executor, occurrenceIds: readonly number[]): Promise<Map<string, HeldPair>> {
  const held = new Map<string, HeldPair>();
  if (occurrenceIds.length === 0) return held;
  const rows = rowsOf<{
    occurrence_id: number;
    guest_id: number;
    amount: number;
    kind: string;
    invoice_id: number;
    account_id: number;
    account: string;
    currency: Currency;
  }>(
    await db.execute(sql`select l.occurrence_id, l.guest_id, l.amount, l.kind, l.invoice_id, i.account_id,
        a.name as account, i.currency
      from ${billingInvoiceLines} l join ${billingInvoices} i on i.id = l.invoice_id
      join ${billingAccounts} a on a.id = i.account_id
      where i.status <> 'void' and l.occurrence_id = any(${idList(occurrenceIds)}::integer[])
      order by l.id`),
  );
  for (const row of rows) {
    const key = pairKey(Number(row.occurrence_id), Number(row.guest_id));
    const known = held.get(key);
    const amount = Number(row.amount);
    if (known) {
      known.net += amount;
      known.lastInvoiceId = Number(row.invoice_id);
    } else {
      held.set(key, {
        net: amount,
        charged: row.kind === 'charge' ? amount : 0,
        lastInvoiceId: Number(row.invoice_id),
        accountId: Number(row.account_id),
        accountName: row.account,
        currency: row.currency,
      });
    }
  }
  return held;
}

export const pairKey = (occurrenceId: number, guestId: number) => `${occurrenceId}:${guestId}`;

/** An `integer[]` literal of ids. */
export const idList = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** The name of the constraint a database error broke, looking through Drizzle's wrapper. */
export function brokenConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

export const isForeignKeyError = (error: unknown) => pgErrorCode(error) === '23503';
