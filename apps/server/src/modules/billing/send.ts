import { billingMessages, codedText, messages as commonMessages, type InvoiceSend, toMessage } from '@ritim/shared';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { billingAccounts, billingInvoices, messageLogs } from '../../platform/db/schema.js';
import { guestTexts } from '../../i18n/guest-texts.js';
import { AppError } from '../../platform/errors.js';
import type { NewMessage, Outbox } from '../../platform/delivery/outbox.js';
import { reasonOf } from '../../platform/delivery/transports/types.js';
import { monthTitle } from '../../reports/format.js';
import { recordAudit } from '../../platform/audit/record.js';
import { formatMoney } from './pdf.js';

/**
 * POST /api/billing/invoices/{id}/send (docs/domain.md#billing): an issued invoice mailed to its
 * account's email, in the account's language, through the outbox, which renders the PDF at
 * delivery. The message is in the Message Log and retried like every other. An invoice may be
 * sent again (a parent lost the mail) once the last send of it has ended, sent or failed.
 */
export class InvoiceSender {
  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox | undefined,
    private readonly centre: { name: string; address: string | null },
  ) {}

  /** 404 unknown; 409 unless issued, or while its last send is still on its way; 400 no email; 503 no messaging. */
  async send(id: number, viewer: SessionUser): Promise<InvoiceSend> {
    const outbox = this.outbox;
    if (!outbox) throw new AppError(503, commonMessages.messagingOff);
    return this.db.transaction(async (tx) => {
      // The invoice's lock makes two sends at once one after the other: the second sees the first.
      const [invoice] = await tx
        .select({
          status: billingInvoices.status,
          number: billingInvoices.number,
          month: billingInvoices.month,
          total: billingInvoices.total,
          currency: billingInvoices.currency,
          accountId: billingInvoices.accountId,
        })
        .from(billingInvoices)
        .where(eq(billingInvoices.id, id))
        .for('update');
      if (!invoice) throw new AppError(404, billingMessages.invoiceNotFound);
      if (invoice.status !== 'issued' || !invoice.number)
        throw new AppError(409, billingMessages.notIssued({ status: invoice.status }));
      const [account] = await tx
        .select({
          name: billingAccounts.name,
          email: billingAccounts.email,
          phone: billingAccounts.phone,
          language: billingAccounts.language,
        })
        .from(billingAccounts)
        .where(eq(billingAccounts.id, invoice.accountId));
      if (!account) throw new AppError(404, billingMessages.accountNotFound);
      if (!account.email) throw new AppError(400, billingMessages.accountNoEmail({ account: account.name }));
      const recipient = {
        kind: 'account' as const,
        id: invoice.accountId,
        name: account.name,
        email: account.email,
        phone: account.phone,
      };
      const resolution = outbox.transport.resolve({
        kind: 'user',
        name: account.name,
        email: account.email,
        phone: account.phone,
      });
      if (!resolution.reachable)
        throw new AppError(
          400,
          billingMessages.accountUnreachable({ account: account.name, reason: toMessage(reasonOf(resolution)) }),
        );

      const keyPrefix = `invoice:${id}:`;
      const earlier = await tx
        .select({ status: messageLogs.status })
        .from(messageLogs)
        .where(and(eq(messageLogs.type, 'invoice'), like(messageLogs.idempotencyKey, `${keyPrefix}%`)));
      if (earlier.some((row) => row.status === 'queued' || row.status === 'sending'))
        throw new AppError(409, billingMessages.sendUnderWay);

      const texts = guestTexts(account.language);
      const [year, month] = invoice.month.split('-').map(Number) as [number, number];
      const message: NewMessage = {
        type: 'invoice',
        idempotencyKey: `${keyPrefix}${earlier.length + 1}`,
        month: invoice.month,
        recipient,
        guestIds: [],
        subject: texts.invoiceSubject(this.centre.name, invoice.number),
        body: texts.invoiceBody(
          account.name,
          invoice.number,
          monthTitle(year, month, texts),
          formatMoney(invoice.total, invoice.currency, account.language),
        ),
        attachment: { kind: 'invoice-pdf', invoiceId: id, language: account.language, centre: this.centre },
        createdBy: viewer.id,
      };
      await outbox.enqueue(tx, [message]);
      const [row] = await tx
        .select({ id: messageLogs.id })
        .from(messageLogs)
        .where(inArray(messageLogs.idempotencyKey, [message.idempotencyKey]));
      await recordAudit(tx, {
        action: 'send',
        entityType: 'billing-invoices',
        entityId: id,
        entityName: invoice.number,
        changes: { email: { from: null, to: account.email }, messageLogId: { from: null, to: row!.id } },
      });
      return {
        messageLogId: row!.id,
        email: account.email,
        ...codedText(billingMessages.invoiceQueued({ number: invoice.number, email: account.email })),
      };
    });
  }
}
