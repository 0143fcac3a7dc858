import type { AttendanceStatus, Currency, Invoice, InvoiceLine, InvoiceRun, RunInvoices } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db, Executor } from '../../platform/db/client.js';
import {
  billingAccountGuests,
  billingAccounts,
  billingInvoiceLines,
  billingInvoices,
  billingPackages,
  users,
} from '../../platform/db/schema.js';
import { monthRange, zoneOf } from '../../lib/time.js';
import { type AuditEntry, recordAudit } from '../../platform/audit/record.js';
import { pricedPairs, type PricedPair } from '../attendance/index.js';
import { InvoiceReads } from './invoices.js';
import { usedSessions } from './packages.js';
import type { BillingPolicyService } from './policy.js';
import { type HeldPair, heldPairs, idList, lockBilling, pairKey, rowsOf } from './sql.js';

/** Who a charged pair is billed to: an account, or (in a dry run) the guest's own account to be made. */
interface Payer {
  key: string;
  accountId: number | null;
  name: string;
}

interface OpenPackage {
  id: number;
  accountId: number;
  currency: Currency;
  eventId: number | null;
  validUntil: string | null;
  remaining: number;
}

/** One line to add, to the draft of its payer and currency. */
interface NewLine extends InvoiceLine {
  payer: Payer;
  currency: Currency;
}

/**
 * Audit rows per insert statement: building one is synchronous work, value by value, so a run's
 * hundreds of audit rows go in pieces, each awaited, and other requests run between them
 * (docs/performance.md: the run's event-loop delay).
 */
const AUDIT_CHUNK = 250;

/**
 * The month's run (docs/domain.md#billing): the charged (session, guest) pairs of the sessions
 * that started in the month in the zone and that no invoice (other than a void one) holds yet
 * become lines of one draft per (account, currency, month): the account's existing draft, else a
 * new one. A guest in no account is billed on an account of their own, made by the run. A pair
 * uses a session of the account's oldest valid package with some left, of the line's currency and
 * (if the package names one) event, for an amount of 0. Unmarked pairs are listed and left out.
 * The run holds the billing run lock for its whole transaction, so two at once make one set of
 * drafts: the second sees the first's lines and adds nothing.
 */
export class InvoiceRunService {
  constructor(
    private readonly db: Db,
    private readonly policy: BillingPolicyService,
    private readonly reads = new InvoiceReads(db),
  ) {}

  async run(input: RunInvoices, viewer: SessionUser): Promise<InvoiceRun> {
    const zone = zoneOf(input.timezone ?? viewer.timezone);
    if (input.dryRun) return this.plan(this.db, input.month, zone, viewer, false);
    return this.db.transaction(async (tx) => {
      await lockBilling(tx, 'run');
      await lockBilling(tx, 'accounts');
      return this.plan(tx, input.month, zone, viewer, true);
    });
  }

  private async plan(
    db: Executor,
    month: string,
    zone: string,
    viewer: SessionUser,
    write: boolean,
  ): Promise<InvoiceRun> {
    const [from, to] = monthRange(month, zone);
    const { chargedStatuses } = await this.policy.get(db);
    const charged = new Set<AttendanceStatus>(chargedStatuses);
    const pairs = await pricedPairs(db, { from, to });
    const held = await heldPairs(db, [...new Set(pairs.map((pair) => pair.occurrenceId))]);

    const unmarked: InvoiceRun['unmarked'] = [];
    const charges: (PricedPair & { status: AttendanceStatus })[] = [];
    const adjustments: NewLine[] = [];
    for (const pair of pairs) {
      const invoiced = held.get(pairKey(pair.occurrenceId, pair.guestId));
      if (invoiced) {
        const adjustment = adjustmentOf(pair, invoiced, charged);
        if (adjustment) adjustments.push(adjustment);
        continue;
      }
      if (pair.status === null) {
        const { occurrenceId, guestId, guestName, startsAt, title } = pair;
        unmarked.push({ occurrenceId, guestId, guestName, startsAt: startsAt.toISOString(), title });
      } else if (charged.has(pair.status)) {
        charges.push({ ...pair, status: pair.status });
      }
    }

    const payers = await this.payersOf(db, [...new Set(charges.map((charge) => charge.guestId))], viewer, write);
    const packages = await this.openPackages(db, [
      ...new Set([...payers.values()].flatMap((payer) => (payer.accountId === null ? [] : [payer.accountId]))),
    ]);
    const dayOf = (instant: Date) => DateTime.fromJSDate(instant, { zone }).toISODate()!;
    // Each account's packages, so a charge looks only at its own (thousands of charges, hundreds of packages).
    const packagesOf = new Map<number, OpenPackage[]>();
    for (const pkg of packages) packagesOf.set(pkg.accountId, [...(packagesOf.get(pkg.accountId) ?? []), pkg]);
    const lines: NewLine[] = charges.map((charge) => {
      const payer = payers.get(charge.guestId)!;
      let day: string | undefined;
      const used = (payer.accountId === null ? undefined : packagesOf.get(payer.accountId))?.find(
        (pkg) =>
          pkg.remaining > 0 &&
          pkg.currency === charge.currency &&
          (pkg.eventId === null || pkg.eventId === charge.eventId) &&
          (pkg.validUntil === null || (day ??= dayOf(charge.startsAt)) <= pkg.validUntil),
      );
      if (used) used.remaining -= 1;
      return {
        payer,
        currency: charge.currency,
        occurrenceId: charge.occurrenceId,
        guestId: charge.guestId,
        guestName: charge.guestName,
        startsAt: charge.startsAt.toISOString(),
        title: charge.title,
        status: charge.status,
        amount: used ? 0 : charge.amount,
        packageId: used?.id ?? null,
        kind: 'charge',
        correctsInvoiceId: null,
      };
    });

    const groups = new Map<string, { payer: Payer; currency: Currency; lines: NewLine[] }>();
    for (const line of [...lines, ...adjustments]) {
      const key = `${line.payer.key}|${line.currency}`;
      const group = groups.get(key) ?? { payer: line.payer, currency: line.currency, lines: [] };
      group.lines.push(line);
      groups.set(key, group);
    }
    const drafts = await this.draftsOf(db, month, [...groups.values()], write);
    const invoices = write
      ? await this.store(db, month, zone, viewer, drafts)
      : await this.preview(db, month, zone, drafts);
    invoices.sort((a, b) => a.account.name.localeCompare(b.account.name) || a.currency.localeCompare(b.currency));
    return { invoices, unmarked };
  }

  /**
   * Each guest's payer: their account, else (writing) an account of their own made now with their
   * name, email, phone and language, or (a dry run) that account as it would be.
   */
  private async payersOf(db: Executor, guestIds: number[], viewer: SessionUser, write: boolean) {
    const payers = new Map<number, Payer>();
    if (guestIds.length === 0) return payers;
    const rows = rowsOf<{ guest_id: number; account_id: number | null; account: string | null; name: string }>(
      await db.execute(sql`select u.id as guest_id, ag.account_id, a.name as account,
          coalesce(nullif(btrim(concat_ws(' ', u.name, u.surname)), ''), u.username) as name
        from ${users} u left join ${billingAccountGuests} ag on ag.guest_id = u.id
        left join ${billingAccounts} a on a.id = ag.account_id
        where u.id = any(${idList(guestIds)}::integer[]) order by u.id`),
    );
    const alone = rows.filter((row) => row.account_id === null);
    const made =
      write && alone.length > 0
        ? await this.makeOwnAccounts(
            db,
            alone.map((row) => Number(row.guest_id)),
            viewer,
          )
        : new Map<number, number>();
    for (const row of rows) {
      const guestId = Number(row.guest_id);
      const accountId = row.account_id === null ? (made.get(guestId) ?? null) : Number(row.account_id);
      payers.set(guestId, {
        key: accountId === null ? `guest:${guestId}` : `account:${accountId}`,
        accountId,
        name: row.account ?? row.name,
      });
    }
    return payers;
  }

  /** Accounts of their own for `guestIds`, in two statements whatever their number; guest id -> account id. */
  private async makeOwnAccounts(db: Executor, guestIds: number[], viewer: SessionUser): Promise<Map<number, number>> {
    const rows = rowsOf<{ guest_id: number; account_id: number; name: string }>(
      await db.execute(sql`with guests as (
          select u.id as guest_id, nextval(pg_get_serial_sequence('billing_accounts', 'id')) as account_id,
            coalesce(nullif(btrim(concat_ws(' ', u.name, u.surname)), ''), u.username) as name, u.email, u.phone, u.language
          from ${users} u where u.id = any(${idList(guestIds)}::integer[])
        ), made as (
          insert into ${billingAccounts} (id, name, email, phone, language, created_by)
          select account_id, name, email, phone, language, ${viewer.id}::integer from guests
        ), joined as (
          insert into ${billingAccountGuests} (guest_id, account_id) select guest_id, account_id from guests
        )
        select guest_id, account_id, name from guests`),
    );
    await recordAudit(
      db,
      ...rows.map((row): AuditEntry => ({
        action: 'create',
        entityType: 'billing-accounts',
        entityId: Number(row.account_id),
        entityName: row.name,
        changes: {
          name: { from: null, to: row.name },
          guests: { from: null, to: [{ id: Number(row.guest_id), name: row.name }] },
        },
      })),
    );
    return new Map(rows.map((row) => [Number(row.guest_id), Number(row.account_id)]));
  }

  /** The accounts' packages with sessions left, oldest first (the order they are used in). */
  private async openPackages(db: Executor, accountIds: number[]): Promise<OpenPackage[]> {
    if (accountIds.length === 0) return [];
    const rows = await db
      .select({
        id: billingPackages.id,
        accountId: billingPackages.accountId,
        currency: billingPackages.currency,
        eventId: billingPackages.eventId,
        validUntil: billingPackages.validUntil,
        sessions: billingPackages.sessions,
        used: usedSessions(sql`${billingPackages}.id`),
      })
      .from(billingPackages)
      .where(sql`${billingPackages.accountId} = any(${idList(accountIds)}::integer[])`)
      .orderBy(billingPackages.createdAt, billingPackages.id);
    return rows
      .map(({ sessions, used, ...pkg }) => ({ ...pkg, remaining: sessions - Number(used) }))
      .filter((pkg) => pkg.remaining > 0);
  }

  /** Each group's draft of the month (locked when writing), or none yet. */
  private async draftsOf(
    db: Executor,
    month: string,
    groups: { payer: Payer; currency: Currency; lines: NewLine[] }[],
    write: boolean,
  ) {
    const accountIds = groups.flatMap((group) => (group.payer.accountId === null ? [] : [group.payer.accountId]));
    const select = db
      .select({
        id: billingInvoices.id,
        accountId: billingInvoices.accountId,
        currency: billingInvoices.currency,
        total: billingInvoices.total,
      })
      .from(billingInvoices)
      .where(
        sql`${billingInvoices.status} = 'draft' and ${billingInvoices.month} = ${month}
          and ${billingInvoices.accountId} = any(${idList(accountIds)}::integer[])`,
      )
      .$dynamic();
    // Locked when writing: an issue waits for the run, or the run sees it issued and makes a new draft.
    const existing = accountIds.length === 0 ? [] : await (write ? select.for('update') : select);
    return groups.map((group) => ({
      ...group,
      draft: existing.find((row) => row.accountId === group.payer.accountId && row.currency === group.currency),
    }));
  }

  /** Writes the new drafts and lines, the totals and their audit rows; the drafts as they now are. */
  private async store(
    db: Executor,
    month: string,
    zone: string,
    viewer: SessionUser,
    drafts: Awaited<ReturnType<InvoiceRunService['draftsOf']>>,
  ): Promise<Invoice[]> {
    const fresh = drafts.filter((group) => !group.draft);
    const created =
      fresh.length === 0
        ? []
        : await db
            .insert(billingInvoices)
            .values(
              fresh.map((group) => ({
                accountId: group.payer.accountId!,
                currency: group.currency,
                month,
                timezone: zone,
                createdBy: viewer.id,
              })),
            )
            .returning({
              id: billingInvoices.id,
              accountId: billingInvoices.accountId,
              currency: billingInvoices.currency,
            });
    const createdIds = new Map(created.map((row) => [`${row.accountId}|${row.currency}`, row.id]));
    const ids = drafts.map((group) => group.draft?.id ?? createdIds.get(`${group.payer.accountId}|${group.currency}`)!);
    const rows = drafts.flatMap((group, index) =>
      group.lines.map((line) => ({
        invoice_id: ids[index]!,
        occurrence_id: line.occurrenceId,
        guest_id: line.guestId,
        guest_name: line.guestName,
        starts_at: line.startsAt,
        title: line.title,
        status: line.status,
        amount: line.amount,
        package_id: line.packageId,
        kind: line.kind,
        corrects_invoice_id: line.correctsInvoiceId,
      })),
    );
    // All the lines in one statement with one parameter (their JSON): a statement of thousands of
    // values would be built value by value, holding the event loop (docs/performance.md).
    if (rows.length > 0) {
      await db.execute(sql`insert into ${billingInvoiceLines} (invoice_id, occurrence_id, guest_id, guest_name,
          starts_at, title, status, amount, package_id, kind, corrects_invoice_id)
        select r.invoice_id, r.occurrence_id, r.guest_id, r.guest_name, r.starts_at, r.title, r.status, r.amount,
          r.package_id, r.kind, r.corrects_invoice_id
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(invoice_id integer, occurrence_id integer,
          guest_id integer, guest_name text, starts_at timestamptz, title text, status text, amount integer,
          package_id integer, kind text, corrects_invoice_id integer)`);
    }
    if (ids.length > 0) {
      await db.execute(sql`update ${billingInvoices} i set total = coalesce((select sum(l.amount) from ${billingInvoiceLines} l
          where l.invoice_id = i.id), 0), updated_at = now()
        where i.id = any(${idList(ids)}::integer[])`);
    }
    const invoices = await this.reads.findMany(db, ids);
    const audit = drafts.map((group, index): AuditEntry => {
      const invoice = invoices[index]!;
      const added = { lineCount: group.lines.length, total: group.lines.reduce((sum, line) => sum + line.amount, 0) };
      return group.draft
        ? {
            action: 'update',
            entityType: 'billing-invoices',
            entityId: invoice.id,
            entityName: invoiceName(invoice),
            changes: {
              lineCount: { from: invoice.lineCount - added.lineCount, to: invoice.lineCount },
              total: { from: Number(group.draft.total), to: invoice.total },
            },
          }
        : {
            action: 'create',
            entityType: 'billing-invoices',
            entityId: invoice.id,
            entityName: invoiceName(invoice),
            changes: {
              account: { from: null, to: invoice.account },
              currency: { from: null, to: invoice.currency },
              month: { from: null, to: month },
              timezone: { from: null, to: zone },
              lineCount: { from: null, to: invoice.lineCount },
              total: { from: null, to: invoice.total },
            },
          };
    });
    for (let start = 0; start < audit.length; start += AUDIT_CHUNK) {
      await recordAudit(db, ...audit.slice(start, start + AUDIT_CHUNK));
    }
    return invoices;
  }

  /** The drafts a dry run would leave: an existing one with its lines and the new, a new one without an id. */
  private async preview(
    db: Executor,
    month: string,
    zone: string,
    drafts: Awaited<ReturnType<InvoiceRunService['draftsOf']>>,
  ): Promise<Invoice[]> {
    const existing = await this.reads.findMany(
      db,
      drafts.flatMap((group) => (group.draft ? [group.draft.id] : [])),
    );
    return drafts.map((group) => {
      const before = group.draft ? existing.find((invoice) => invoice.id === group.draft!.id) : undefined;
      const added = group.lines.map(({ payer: _payer, currency: _currency, ...line }) => line);
      const lines = [...(before?.lines ?? []), ...added].sort(
        (a, b) => a.startsAt.localeCompare(b.startsAt) || a.occurrenceId - b.occurrenceId || a.guestId - b.guestId,
      );
      return {
        id: before?.id ?? null,
        number: null,
        status: 'draft' as const,
        account: { id: group.payer.accountId, name: before?.account.name ?? group.payer.name },
        currency: group.currency,
        month,
        timezone: before?.timezone ?? zone,
        total: lines.reduce((sum, line) => sum + line.amount, 0),
        lineCount: lines.length,
        createdAt: before?.createdAt ?? null,
        issuedAt: null,
        voidedAt: null,
        voidReason: null,
        lines,
      };
    });
  }
}

/**
 * The adjustment of a pair already invoiced whose mark changed since (docs/domain.md#billing): it
 * should be billed what its charge line billed when its mark is charged, else nothing; the
 * difference from what its lines bill now becomes a line of the same account and currency that
 * names the last invoice holding the pair. None when nothing changed, or the pair is unmarked now.
 */
function adjustmentOf(
  pair: PricedPair,
  invoiced: HeldPair,
  charged: ReadonlySet<AttendanceStatus>,
): NewLine | undefined {
  if (pair.status === null) return undefined;
  const due = charged.has(pair.status) ? invoiced.charged : 0;
  if (due === invoiced.net) return undefined;
  return {
    payer: { key: `account:${invoiced.accountId}`, accountId: invoiced.accountId, name: invoiced.accountName },
    currency: invoiced.currency,
    occurrenceId: pair.occurrenceId,
    guestId: pair.guestId,
    guestName: pair.guestName,
    startsAt: pair.startsAt.toISOString(),
    title: pair.title,
    status: pair.status,
    amount: due - invoiced.net,
    packageId: null,
    kind: 'adjustment',
    correctsInvoiceId: invoiced.lastInvoiceId,
  };
}

/** An invoice as the audit log names it: its number once issued, else its account, month and currency. */
export const invoiceName = (invoice: Pick<Invoice, 'number' | 'account' | 'month' | 'currency'>) =>
  invoice.number ?? `${invoice.account.name} ${invoice.month} ${invoice.currency}`;
