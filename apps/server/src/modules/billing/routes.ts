import {
  accountStatementSchema,
  billingAccountListQuerySchema,
  billingAccountListSchema,
  billingAccountSchema,
  billingMessages,
  billingPackageListQuerySchema,
  billingPackageListSchema,
  billingPackageSchema,
  billingPaymentListQuerySchema,
  billingPaymentListSchema,
  billingPaymentSchema,
  billingPolicySchema,
  createBillingPaymentSchema,
  createBillingAccountSchema,
  createBillingPackageSchema,
  idParamsSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceRunSchema,
  invoiceSendSchema,
  invoiceSchema,
  runInvoicesSchema,
  statementQuerySchema,
  updateBillingAccountSchema,
  updateBillingPolicySchema,
  voidInvoiceSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { crudRoutes } from '../../platform/crud-routes.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { defineFeature } from '../../platform/feature.js';
import { dayRange, zoneOf } from '../../lib/time.js';
import { BillingAccountRepository } from './accounts.js';
import { InvoiceReads } from './invoices.js';
import { BillingPackageService } from './packages.js';
import { BillingPolicyService } from './policy.js';
import { BillingPaymentService } from './payments.js';
import { invoiceFileName, invoicePdf } from './pdf.js';
import { InvoiceRunService } from './run.js';
import { InvoiceSender } from './send.js';
import { InvoiceStates } from './states.js';
import { accountStatement } from './statement.js';
import type { Db } from '../../platform/db/client.js';

const admins = { access: ['admin'] as const };

/** /api/billing/accounts: list, read, create, change, and delete while nothing references the account. */
const accountRoutes = crudRoutes({
  section: 'billing-accounts',
  item: 'Billing account',
  schemas: {
    listQuery: billingAccountListQuerySchema,
    list: billingAccountListSchema,
    item: billingAccountSchema,
    create: createBillingAccountSchema,
    update: updateBillingAccountSchema,
  },
  conflicts: { referenced: billingMessages.accountInUse },
  docs: {
    list: {
      description:
        'The billing accounts with their guests and balances, by name (`sort=date`: newest first), searched by name and email.',
    },
    create: {
      description:
        'An account that pays for `guestIds` (each guest in at most one account: 400 naming the account that has one). `balance`: per currency, issued invoices less payments.',
    },
    update: { description: 'Changes the fields sent; `guestIds` replaces the account’s guests.' },
    delete: {
      description: 'Deletes an account with no invoices, packages or payments (else 409); its guests are free again.',
    },
  },
});

interface Services {
  db: Db;
  accounts: BillingAccountRepository;
  centre: { name: string; address: string | null };
  states: InvoiceStates;
  payments: BillingPaymentService;
  policy: BillingPolicyService;
  packages: BillingPackageService;
  invoices: InvoiceReads;
  runs: InvoiceRunService;
  sender: InvoiceSender;
}

/** /api/billing: the policy, packages and invoices, admins only (docs/domain.md#billing). */
const billingRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { db, accounts, centre, states, payments, policy, packages, invoices, runs, sender } = services;
  app.get(
    '/policy',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'The attendance marks a priced session is charged for (default present, late, absent, lateCancelled).',
        response: { 200: billingPolicySchema, ...errorResponses(401, 403) },
      },
    },
    async () => policy.get(),
  );

  app.put(
    '/policy',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'Sets the charged marks (each once; an empty list charges nothing). A cancelled session is never charged.',
        body: updateBillingPolicySchema,
        response: { 200: billingPolicySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => policy.update(request.body),
  );

  app.get(
    '/packages',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description: 'Packages, oldest first (the order the run uses them in), of one account with `accountId`; paged.',
        querystring: billingPackageListQuerySchema,
        response: { 200: billingPackageListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await packages.list(request.query);
      return { billingPackages: page.items, totalCount: page.totalCount };
    },
  );

  app.post(
    '/packages',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          '`sessions` prepaid sessions of the account for `amount` (minor units) `currency`, of `eventId` only when given, ' +
          'for sessions on or before `validUntil` when given. A charged session uses one instead of its price.',
        body: createBillingPackageSchema,
        response: { 201: billingPackageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await packages.create(request.body, currentUser(request).id)),
  );

  app.post(
    '/invoices/run',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'The month’s run: the charged sessions that started in `month` (in `timezone`, else the caller’s zone) and ' +
          'that no invoice holds yet become lines of one draft per account and currency. `unmarked`: the pairs ' +
          'without a mark, left out. `dryRun: true` stores nothing (a new draft has `id` null).',
        body: runInvoicesSchema,
        response: { 200: invoiceRunSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => runs.run(request.body, currentUser(request)),
  );

  app.get(
    '/invoices',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'Invoices without their lines, newest first (`sort=account`: by account), filtered by `status`, `accountId`, `month`; `q` searches the account.',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await invoices.list(request.query);
      return { invoices: page.items, totalCount: page.totalCount };
    },
  );

  app.get(
    '/invoices/:id',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description: 'One invoice with its lines.',
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const invoice = await invoices.find(request.params.id);
      if (!invoice) throw new AppError(404, billingMessages.invoiceNotFound);
      return invoice;
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'The invoice as a PDF in its account’s language, with the centre’s name and address, its number, dates, ' +
          'lines, package use and total (`attachment; filename="invoice-<number>.pdf"`, a draft `invoice-draft-<id>.pdf`).',
        params: idParamsSchema,
        // 200 is application/pdf; errors are {message} (400, 401, 403, 404).
      },
    },
    async (request, reply) => {
      const invoice = await invoices.find(request.params.id);
      if (!invoice) throw new AppError(404, billingMessages.invoiceNotFound);
      const account = await accounts.find(invoice.account.id!);
      const pdf = await invoicePdf({
        invoice,
        language: account?.language ?? 'en',
        email: account?.email ?? null,
        centre,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(invoice)}"`)
        .send(pdf);
    },
  );

  app.post(
    '/invoices/:id/issue',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'Issues a draft: it takes the next number of its year (`YYYY-NNNN`, gap-free, two issues at once get two numbers) ' +
          'and never changes again; anything but a draft 409.',
        params: idParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => states.issue(request.params.id),
  );

  app.post(
    '/invoices/:id/send',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'Mails an issued invoice to its account’s email, in the account’s language, with its PDF attached, through the ' +
          'outbox: the message is in the Message Log (`messageLogId`, type `invoice`) and retried there like any other. ' +
          'Not issued 409; the account without an email (or one the transport cannot reach) 400; the last send of ' +
          'it still on its way 409; a send after that one ended sends again.',
        params: idParamsSchema,
        response: { 200: invoiceSendSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => sender.send(request.params.id, currentUser(request)),
  );

  app.post(
    '/invoices/:id/void',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'Voids a draft or an issued invoice with `reason`: its sessions and package uses are free for the next run; ' +
          'an issued one leaves the balance (a `void` entry on the statement). Void already 409.',
        params: idParamsSchema,
        body: voidInvoiceSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => states.void(request.params.id, request.body),
  );

  app.get(
    '/payments',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description: 'Payments, newest received first, of one account with `accountId`; paged.',
        querystring: billingPaymentListQuerySchema,
        response: { 200: billingPaymentListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await payments.list(request.query);
      return { billingPayments: page.items, totalCount: page.totalCount };
    },
  );

  app.post(
    '/payments',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'Records money received from an account (`amount` minor units, more than 0); it lowers the balance in `currency`.',
        body: createBillingPaymentSchema,
        response: { 201: billingPaymentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await payments.create(request.body, currentUser(request).id)),
  );

  app.get(
    '/accounts/:id/statement',
    {
      config: admins,
      schema: {
        tags: ['billing'],
        description:
          'The account’s entries from `from` to `to` (days, inclusive, in `timezone`, else the caller’s zone; either may be ' +
          'left out): issued invoices, payments and voids, each with the balance after it in its currency; `balance` at the end.',
        params: idParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: accountStatementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const zone = zoneOf(request.query.timezone ?? currentUser(request).timezone);
      const statement = await accountStatement(db, request.params.id, {
        from: request.query.from ? new Date(dayRange(request.query.from, zone)[0]) : null,
        to: request.query.to ? new Date(dayRange(request.query.to, zone)[1]) : null,
      });
      if (!statement) throw new AppError(404, billingMessages.accountNotFound);
      return statement;
    },
  );
};

/** Billing (prices, accounts, packages, invoices) at /api/billing. */
export const billingFeature = defineFeature('/api/billing', async (app, { platform }) => {
  const policy = new BillingPolicyService(platform.db);
  await app.register(accountRoutes, { prefix: '/accounts', repository: new BillingAccountRepository(platform.db) });
  await app.register(billingRoutes, {
    db: platform.db,
    accounts: new BillingAccountRepository(platform.db),
    centre: platform.settings.centre,
    states: new InvoiceStates(platform.db, platform.now),
    payments: new BillingPaymentService(platform.db),
    policy,
    packages: new BillingPackageService(platform.db),
    invoices: new InvoiceReads(platform.db),
    runs: new InvoiceRunService(platform.db, policy),
    sender: new InvoiceSender(platform.db, platform.outbox, platform.settings.centre),
  });
});
