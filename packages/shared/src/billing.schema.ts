import { messages } from './messages.js';
import { z } from 'zod';
import { billingMessages } from './billing.messages.js';
import { ATTENDANCE_STATUSES, LANGUAGES } from './constants.js';
import { idField, idText } from './ids.js';
import { codedTextShape, listQuerySchema, listResponseSchema, queryFlag } from './list.js';
import { timezoneParam } from './occurrences.schema.js';
export { billingMessages } from './billing.messages.js';

/**
 * Money (docs/domain.md#billing): a whole number of minor units (pence, kuruş, cents) with an ISO
 * 4217 currency, never a float. The currencies an office bills in.
 */
export const CURRENCIES = ['TRY', 'GBP', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** The largest amount one price, package or payment may have: 1,000,000.00. */
export const MAX_MONEY_AMOUNT = 100_000_000;

/** An amount of minor units: whole, not negative, at most MAX_MONEY_AMOUNT. */
export const moneyAmountSchema = z
  .number({ error: billingMessages.amountNotWhole })
  .min(0, billingMessages.amountNegative)
  .max(MAX_MONEY_AMOUNT, billingMessages.amountTooLarge)
  .int(billingMessages.amountNotWhole);
export const currencySchema = z.enum(CURRENCIES, { error: billingMessages.currencyInvalid });

/** `{amount, currency}`: a price per guest per session, a package's price. */
export const moneySchema = z.strictObject(
  { amount: moneyAmountSchema, currency: currencySchema },
  { error: billingMessages.moneyInvalid },
);
export type Money = z.infer<typeof moneySchema>;

/** An amount as answers carry it: a sum may be negative (an adjustment, a balance in credit). */
const signedMoney = z.object({ currency: currencySchema, amount: z.number().int() });

/** A day (YYYY-MM-DD) that exists, else `message`. */
const billingDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    }, message);

/** The attendance marks a session is charged for (GET/PUT /api/billing/policy). */
export const DEFAULT_CHARGED_STATUSES = ['present', 'late', 'absent', 'lateCancelled'] as const;

export const billingPolicySchema = z.object({
  chargedStatuses: z.array(z.enum(ATTENDANCE_STATUSES)),
});
export type BillingPolicy = z.infer<typeof billingPolicySchema>;

/** PUT /api/billing/policy: the statuses that are charged (each once, in any order; none bills nothing). */
export const updateBillingPolicySchema = z.strictObject({
  chargedStatuses: z
    .array(z.enum(ATTENDANCE_STATUSES, { error: billingMessages.chargedStatusesInvalid }), {
      error: billingMessages.chargedStatusesInvalid,
    })
    .max(ATTENDANCE_STATUSES.length * 2, billingMessages.chargedStatusesInvalid)
    .transform((statuses) => ATTENDANCE_STATUSES.filter((status) => statuses.includes(status))),
});
export type UpdateBillingPolicy = z.infer<typeof updateBillingPolicySchema>;

/** Most guests one account pays for. */
export const MAX_ACCOUNT_GUESTS = 50;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s()-]+$/;

/** Optional text: trimmed, and empty means null; absent means unchanged. */
const clearable = (message: string, max: number, valid: (value: string) => boolean = () => true) =>
  z
    .union([z.string(), z.null()], { error: message })
    .transform((value) => (value ?? '').trim() || null)
    .refine((value) => value === null || (value.length <= max && valid(value)), { error: message })
    .optional();

const accountFields = {
  name: z
    .string({ error: billingMessages.accountNameRequired })
    .trim()
    .min(1, billingMessages.accountNameRequired)
    .max(200, billingMessages.accountNameTooLong),
  email: clearable(billingMessages.emailInvalid, 254, (value) => EMAIL_PATTERN.test(value)),
  phone: clearable(billingMessages.phoneInvalid, 50, (value) => {
    const digits = value.replace(/\D/g, '').length;
    return PHONE_PATTERN.test(value) && digits >= 7 && digits <= 20;
  }),
  language: z.enum(LANGUAGES, { error: billingMessages.languageInvalid }),
  guestIds: z
    .array(idField(billingMessages.guestIdsInvalid), { error: billingMessages.guestIdsInvalid })
    .max(MAX_ACCOUNT_GUESTS, billingMessages.guestIdsInvalid)
    .transform((ids) => [...new Set(ids)]),
};

/** POST /api/billing/accounts: who pays, and the guests they pay for (each guest in at most one account). */
export const createBillingAccountSchema = z.strictObject({
  name: accountFields.name,
  email: accountFields.email,
  phone: accountFields.phone,
  language: accountFields.language.default('en'),
  guestIds: accountFields.guestIds.default([]),
});
export type CreateBillingAccount = z.infer<typeof createBillingAccountSchema>;

/** PATCH /api/billing/accounts/{id}: any of the fields; `guestIds` replaces the account's guests. */
export const updateBillingAccountSchema = z
  .strictObject({
    name: accountFields.name,
    email: accountFields.email,
    phone: accountFields.phone,
    language: accountFields.language,
    guestIds: accountFields.guestIds,
  })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), messages.nothingToUpdate);
export type UpdateBillingAccount = z.infer<typeof updateBillingAccountSchema>;

export const billingAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(LANGUAGES),
  guests: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What the account owes per currency (issued invoices less payments; negative is credit), currencies with none left out. */
  balance: z.array(signedMoney),
  createdAt: z.string(),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;

export const BILLING_ACCOUNT_SORTS = ['name', 'date'] as const;
export const billingAccountListQuerySchema = listQuerySchema(BILLING_ACCOUNT_SORTS).extend({
  /** The account that pays for this guest (none, or one: a guest is in at most one account). */
  guestId: idText(billingMessages.guestFilterInvalid).optional(),
});
export type BillingAccountListQuery = z.infer<typeof billingAccountListQuerySchema>;
export const billingAccountListSchema = listResponseSchema('billingAccounts', billingAccountSchema);
export type BillingAccountList = z.infer<typeof billingAccountListSchema>;

/**
 * POST /api/billing/packages: `sessions` prepaid sessions for `amount` `currency`, of one event
 * when `eventId` is given (else of any), usable for sessions on or before `validUntil` (a day in
 * the run's zone) when given.
 */
export const createBillingPackageSchema = z.strictObject({
  accountId: idField(billingMessages.accountRequired),
  sessions: z
    .number({ error: billingMessages.sessionsInvalid })
    .int(billingMessages.sessionsInvalid)
    .min(1, billingMessages.sessionsInvalid)
    .max(1000, billingMessages.sessionsInvalid),
  amount: moneyAmountSchema,
  currency: currencySchema,
  eventId: idField(billingMessages.eventInvalid).nullable().optional(),
  validUntil: billingDay(billingMessages.validUntilInvalid).nullable().optional(),
});
export type CreateBillingPackage = z.infer<typeof createBillingPackageSchema>;

export const billingPackageSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  sessions: z.number().int(),
  amount: z.number().int(),
  currency: currencySchema,
  eventId: z.number().int().nullable(),
  validUntil: z.string().nullable(),
  /** Sessions used by invoices that are not void. */
  used: z.number().int(),
  remaining: z.number().int(),
  createdAt: z.string(),
});
export type BillingPackage = z.infer<typeof billingPackageSchema>;

/** GET /api/billing/packages?accountId: an account's packages, oldest first (the order they are used in). */
export const billingPackageListQuerySchema = listQuerySchema(['date'] as const).extend({
  accountId: idText(billingMessages.accountFilterInvalid).optional(),
});
export type BillingPackageListQuery = z.infer<typeof billingPackageListQuerySchema>;
export const billingPackageListSchema = listResponseSchema('billingPackages', billingPackageSchema);
export type BillingPackageList = z.infer<typeof billingPackageListSchema>;

export const INVOICE_STATUSES = ['draft', 'issued', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** A line charges a session, or adjusts one already invoiced whose mark changed since. */
export const INVOICE_LINE_KINDS = ['charge', 'adjustment'] as const;

const month = z
  .string({ error: billingMessages.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, billingMessages.monthInvalid);

/** One charged session of one guest on an invoice. */
export const invoiceLineSchema = z.object({
  occurrenceId: z.number().int(),
  guestId: z.number().int(),
  guestName: z.string(),
  startsAt: z.string(),
  /** The event's title when the line was made. */
  title: z.string(),
  /** The attendance mark it was charged for. */
  status: z.enum(ATTENDANCE_STATUSES),
  /** Minor units of the invoice's currency; 0 for a session a package paid for; an adjustment's may be negative. */
  amount: z.number().int(),
  packageId: z.number().int().nullable(),
  kind: z.enum(INVOICE_LINE_KINDS),
  /** The invoice an adjustment corrects, else null. */
  correctsInvoiceId: z.number().int().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

const invoiceFields = {
  /** Null in a dry run for a draft that does not exist yet. */
  id: z.number().int().nullable(),
  /** `YYYY-NNNN` once issued, else null. */
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  /** Null in a dry run for a guest's own account that the run would make. */
  account: z.object({ id: z.number().int().nullable(), name: z.string() }),
  currency: currencySchema,
  /** The month (YYYY-MM) of its sessions, in `timezone`. */
  month: z.string(),
  timezone: z.string(),
  /** The exact sum of the lines, in minor units. */
  total: z.number().int(),
  lineCount: z.number().int(),
  createdAt: z.string().nullable(),
  issuedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
};
export const invoiceSummarySchema = z.object(invoiceFields);
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceSchema = z.object({ ...invoiceFields, lines: z.array(invoiceLineSchema) });
export type Invoice = z.infer<typeof invoiceSchema>;

/** POST /api/billing/invoices/run: the drafts of `month` (YYYY-MM in `timezone`, else the caller's zone). */
export const runInvoicesSchema = z.strictObject({
  month,
  timezone: timezoneParam.optional(),
  dryRun: z.boolean({ error: messages.dryRunInvalid }).optional(),
});
export type RunInvoices = z.infer<typeof runInvoicesSchema>;

export const invoiceRunSchema = z.object({
  /** The drafts this run made or added to, each with all its lines. */
  invoices: z.array(invoiceSchema),
  /** The guests of priced sessions in the month with no mark yet: left out until marked. */
  unmarked: z.array(
    z.object({
      occurrenceId: z.number().int(),
      guestId: z.number().int(),
      guestName: z.string(),
      startsAt: z.string(),
      title: z.string(),
    }),
  ),
});
export type InvoiceRun = z.infer<typeof invoiceRunSchema>;

export const INVOICE_SORTS = ['date', 'account'] as const;
export const invoiceListQuerySchema = listQuerySchema(INVOICE_SORTS).extend({
  status: z.enum(INVOICE_STATUSES, { error: billingMessages.statusFilterInvalid }).optional(),
  accountId: idText(billingMessages.accountFilterInvalid).optional(),
  month: month.optional(),
  /**
   * Issued invoices not paid yet: the account's payments in the invoice's currency do not cover
   * its issued invoices up to this one, oldest first (payments pay the oldest first).
   */
  unpaid: queryFlag,
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;
export const invoiceListSchema = listResponseSchema('invoices', invoiceSummarySchema);
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** POST /api/billing/invoices/{id}/void: why (shown on the invoice and in the log). */
export const voidInvoiceSchema = z.strictObject({
  reason: z
    .string({ error: billingMessages.reasonRequired })
    .trim()
    .min(1, billingMessages.reasonRequired)
    .max(500, messages.reasonTooLong),
});
export type VoidInvoice = z.infer<typeof voidInvoiceSchema>;

/**
 * POST /api/billing/invoices/{id}/send: the message queued to the account's email (in the Message
 * Log as `messageLogId`), with the invoice's PDF attached at delivery.
 */
export const invoiceSendSchema = z.object({
  messageLogId: z.number().int(),
  email: z.string(),
  ...codedTextShape,
});
export type InvoiceSend = z.infer<typeof invoiceSendSchema>;

export const PAYMENT_METHODS = ['cash', 'bankTransfer', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** POST /api/billing/payments: money received from an account, in one currency. */
export const createBillingPaymentSchema = z.strictObject({
  accountId: idField(billingMessages.accountRequired),
  amount: moneyAmountSchema.refine((amount) => amount > 0, billingMessages.paymentAmountZero),
  currency: currencySchema,
  method: z.enum(PAYMENT_METHODS, { error: billingMessages.methodInvalid }),
  receivedAt: z.iso.datetime({ offset: true, error: billingMessages.receivedAtInvalid }),
  note: z
    .union([z.string(), z.null()], { error: billingMessages.noteTooLong })
    .transform((value) => (value ?? '').trim() || null)
    .refine((value) => value === null || value.length <= 2000, billingMessages.noteTooLong)
    .optional(),
});
export type CreateBillingPayment = z.infer<typeof createBillingPaymentSchema>;

export const billingPaymentSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  amount: z.number().int(),
  currency: currencySchema,
  method: z.enum(PAYMENT_METHODS),
  receivedAt: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type BillingPayment = z.infer<typeof billingPaymentSchema>;

/** GET /api/billing/payments?accountId: newest received first. */
export const billingPaymentListQuerySchema = listQuerySchema(['date'] as const).extend({
  accountId: idText(billingMessages.accountFilterInvalid).optional(),
});
export type BillingPaymentListQuery = z.infer<typeof billingPaymentListQuerySchema>;
export const billingPaymentListSchema = listResponseSchema('billingPayments', billingPaymentSchema);
export type BillingPaymentList = z.infer<typeof billingPaymentListSchema>;

/**
 * GET /api/billing/accounts/{id}/statement?from&to: the days `from`..`to` (inclusive) in
 * `timezone` (else the caller's zone); either may be left out (from the first entry, up to now).
 */
export const statementQuerySchema = z
  .object({
    from: z.string({ error: messages.dayFromInvalid }).pipe(billingDay(messages.dayFromInvalid)).optional(),
    to: z.string({ error: messages.dayToInvalid }).pipe(billingDay(messages.dayToInvalid)).optional(),
    timezone: timezoneParam.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: billingMessages.rangeInverted });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const STATEMENT_KINDS = ['invoice', 'payment', 'void'] as const;

export const accountStatementSchema = z.object({
  /** By time: an issued invoice (+ its total), a payment (− its amount), a void of an issued invoice (− its total). */
  entries: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(STATEMENT_KINDS),
      /** The invoice's number, or `payment <id>`. */
      ref: z.string(),
      amount: z.number().int(),
      currency: currencySchema,
      /** The account's balance in that currency after this entry. */
      balance: z.number().int(),
    }),
  ),
  /** What the account owes per currency at the end of the range. */
  balance: z.array(signedMoney),
});
export type AccountStatement = z.infer<typeof accountStatementSchema>;
