import {
  type BillingAccount,
  type BillingAccountListQuery,
  billingMessages,
  type CreateBillingAccount,
  type UpdateBillingAccount,
} from '@ritim/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { billingAccountGuests, billingAccounts, users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { defineList, type PageTable } from '../../platform/list.js';
import { accountBalanceJson, accountGuestsJson, idList, lockBilling, parsed, rowsOf } from './sql.js';

const accountColumns = {
  id: billingAccounts.id,
  name: billingAccounts.name,
  email: billingAccounts.email,
  phone: billingAccounts.phone,
  language: billingAccounts.language,
  createdAt: billingAccounts.createdAt,
  guests: accountGuestsJson(sql`${billingAccounts}.id`).as('guests'),
  balance: accountBalanceJson(sql`${billingAccounts}.id`).as('balance'),
};

interface AccountRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  language: BillingAccount['language'];
  createdAt: Date;
  guests: BillingAccount['guests'] | string;
  balance: { currency: BillingAccount['balance'][number]['currency']; amount: number | string }[] | string;
}

const toAccount = (row: AccountRow): BillingAccount => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  language: row.language,
  guests: parsed(row.guests),
  balance: parsed(row.balance).map((entry) => ({ currency: entry.currency, amount: Number(entry.amount) })),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Billing accounts (docs/domain.md#billing): who pays, for which guests. A guest is in at most
 * one account: the table's primary key says so, and the writes check it first, under the accounts
 * lock, to answer 400 naming the account that has them.
 */
export class BillingAccountRepository {
  constructor(private readonly db: Db | Executor) {}

  readonly list = defineList({
    name: 'billing_accounts',
    page: (pageColumns) => this.db.select(pageColumns).from(billingAccounts).$dynamic(),
    rows: (page: PageTable) =>
      this.db
        .with(page)
        .select({ ...accountColumns, totalCount: page.totalCount })
        .from(page)
        .innerJoin(billingAccounts, eq(billingAccounts.id, page.id))
        .$dynamic(),
    search: [billingAccounts.search],
    sorts: {
      name: [asc(billingAccounts.name)],
      date: [desc(billingAccounts.createdAt)],
    },
    id: billingAccounts.id,
    filters: {
      guest: {
        value: (query: BillingAccountListQuery) => query.guestId,
        where: (value) => sql`exists (select 1 from ${billingAccountGuests} ag
          where ag.account_id = ${billingAccounts.id} and ag.guest_id = ${value})`,
      },
    },
    map: toAccount,
  });

  /** One transaction with this repository working in it (platform/crud-routes.ts). */
  transaction<T>(work: (repository: BillingAccountRepository, tx: Executor) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction((tx) => work(new BillingAccountRepository(tx), tx));
  }

  async find(id: number): Promise<BillingAccount | undefined> {
    const [row] = await this.db.select(accountColumns).from(billingAccounts).where(eq(billingAccounts.id, id));
    return row && toAccount(row);
  }

  async create(input: CreateBillingAccount, createdBy: number): Promise<BillingAccount> {
    await lockBilling(this.db, 'accounts');
    await this.checkGuests(input.guestIds, null);
    const [row] = await this.db
      .insert(billingAccounts)
      .values({
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        language: input.language,
        createdBy,
      })
      .returning({ id: billingAccounts.id });
    await this.addGuests(row!.id, input.guestIds);
    return (await this.find(row!.id))!;
  }

  async update(id: number, input: UpdateBillingAccount): Promise<BillingAccount | undefined> {
    await lockBilling(this.db, 'accounts');
    const { guestIds, ...fields } = input;
    const updated = await this.db
      .update(billingAccounts)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(billingAccounts.id, id))
      .returning({ id: billingAccounts.id });
    if (updated.length === 0) return undefined;
    if (guestIds !== undefined) {
      await this.checkGuests(guestIds, id);
      await this.db.delete(billingAccountGuests).where(eq(billingAccountGuests.accountId, id));
      await this.addGuests(id, guestIds);
    }
    return this.find(id);
  }

  /** Deletes an account nothing references; false when it did not exist (invoices, packages and payments refuse: RESTRICT). */
  async delete(id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(billingAccounts)
      .where(eq(billingAccounts.id, id))
      .returning({ id: billingAccounts.id });
    return deleted.length > 0;
  }

  /** 400 unless every id is a guest's and none is in another account than `accountId`. */
  private async checkGuests(guestIds: readonly number[], accountId: number | null): Promise<void> {
    if (guestIds.length === 0) return;
    const rows = rowsOf<{ id: number; role: string | null; account_id: number | null; account: string | null }>(
      await this.db.execute(sql`select ids.id, u.role, ag.account_id, a.name as account
        from unnest(${idList(guestIds)}::integer[]) with ordinality as ids (id, n)
        left join ${users} u on u.id = ids.id
        left join ${billingAccountGuests} ag on ag.guest_id = ids.id
        left join ${billingAccounts} a on a.id = ag.account_id
        order by ids.n`),
    );
    for (const row of rows) {
      if (row.role !== 'guest') throw new AppError(400, billingMessages.guestInvalid({ id: Number(row.id) }));
    }
    for (const row of rows) {
      if (row.account_id !== null && Number(row.account_id) !== accountId) {
        throw new AppError(400, billingMessages.guestTaken({ id: Number(row.id), account: row.account ?? '' }));
      }
    }
  }

  private async addGuests(accountId: number, guestIds: readonly number[]): Promise<void> {
    if (guestIds.length === 0) return;
    await this.db.insert(billingAccountGuests).values(guestIds.map((guestId) => ({ guestId, accountId })));
  }
}
