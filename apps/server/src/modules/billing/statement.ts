import type { AccountStatement, Currency } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { billingAccounts, billingInvoices, billingPayments } from '../../platform/db/schema.js';
import { rowsOf } from './sql.js';

interface EntryRow {
  at: string;
  kind: AccountStatement['entries'][number]['kind'];
  ref: string;
  amount: string | number;
  currency: Currency;
  balance: string | number;
}

/**
 * An account's statement (docs/domain.md#billing), in one query: each issued invoice (at its
 * issue, + its total), each payment (at its receipt, − its amount) and each void of an issued
 * invoice (at the void, − its total), by time, with the balance after it in its currency counted
 * from the account's first entry; the entries in [from, to) are answered, and the balance per
 * currency at `to`. Undefined for an unknown account.
 */
export async function accountStatement(
  db: Db,
  accountId: number,
  range: { from: Date | null; to: Date | null },
): Promise<AccountStatement | undefined> {
  const from = range.from?.toISOString() ?? null;
  const to = range.to?.toISOString() ?? null;
  const result = await db.execute(sql`with account as (select id from ${billingAccounts} where id = ${accountId}),
    entries as (
      select i.issued_at as at, 1 as ord, 'invoice' as kind, i.number as ref, i.total as amount, i.currency, i.id
        from ${billingInvoices} i where i.account_id = ${accountId} and i.issued_at is not null
      union all
      select i.voided_at, 3, 'void', i.number, -i.total, i.currency, i.id
        from ${billingInvoices} i where i.account_id = ${accountId} and i.status = 'void' and i.issued_at is not null
      union all
      select p.received_at, 2, 'payment', 'payment ' || p.id, -p.amount, p.currency, p.id
        from ${billingPayments} p where p.account_id = ${accountId}
    ), running as (
      select at, ord, id, kind, ref, amount, currency,
        sum(amount) over (partition by currency order by at, ord, id rows unbounded preceding) as balance
      from entries where ${to}::timestamptz is null or at < ${to}::timestamptz
    )
    select (select count(*) from account) as known, to_json(at) #>> '{}' as at, kind, ref, amount, currency, balance,
      ${from}::timestamptz is null or at >= ${from}::timestamptz as shown
    from (select 1) one left join running on true
    order by at, ord, id`);
  const rows = rowsOf<EntryRow & { known: string | number; shown: boolean | null }>(result);
  if (Number(rows[0]?.known ?? 0) === 0) return undefined;
  const entries = rows.filter((row) => row.at !== null);
  const closing = new Map<Currency, number>();
  for (const row of entries) closing.set(row.currency, Number(row.balance));
  return {
    entries: entries
      .filter((row) => row.shown)
      .map((row) => ({
        at: new Date(row.at).toISOString(),
        kind: row.kind,
        ref: row.ref,
        amount: Number(row.amount),
        currency: row.currency,
        balance: Number(row.balance),
      })),
    balance: [...closing].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount })),
  };
}
