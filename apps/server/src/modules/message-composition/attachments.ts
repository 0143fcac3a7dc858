import { billingMessages, messagingMessages } from '@ritim/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { billingAccounts } from '../../platform/db/schema.js';
import type { RenderAttachments } from '../../platform/delivery/outbox.js';
import { TransportError } from '../../platform/delivery/transports/errors.js';
import { renderMonthlyReport } from '../../reports/monthly-report.js';
import { renderOccurrenceReport } from '../../reports/occurrence-report.js';
import { InvoiceReads } from '../billing/invoices.js';
import { invoiceFileName, invoicePdf } from '../billing/pdf.js';
import { sessionsCalendar, toCalendarOccurrence } from '../calendar-feed/ics.js';
import { OccurrenceReads } from '../event-occurrences/index.js';
import { monthlyReportData, occurrenceReportData } from './report-data.js';
import { reportFileName } from './service.js';

/**
 * The outbox's renderer: the report an attachment spec names, rendered at delivery from the data
 * as it is then (a retried message carries the current answers). Data that is gone is a
 * permanent failure.
 */
export const reportAttachments =
  (db: Db): RenderAttachments =>
  async (spec) => {
    if (spec.kind === 'occurrence-report') {
      const data = await occurrenceReportData(db, spec.formId, spec.occurrenceId, spec.guestIds ?? null);
      if (!data) throw new TransportError(messagingMessages.reportGone, true);
      const content = await renderOccurrenceReport({ ...data, language: spec.language });
      return [{ filename: reportFileName(data.startsAt, data.timeZone), contentType: 'image/jpeg', content }];
    }
    if (spec.kind === 'invoice-pdf') {
      // An issued invoice never changes: the PDF sent on a retry is the one first sent.
      const [invoice] = await new InvoiceReads(db).findMany(db, [spec.invoiceId]);
      if (!invoice) throw new TransportError(billingMessages.invoiceGone, true);
      const [account] = await db
        .select({ email: billingAccounts.email })
        .from(billingAccounts)
        .where(eq(billingAccounts.id, invoice.account.id!));
      const content = await invoicePdf({
        invoice,
        language: spec.language,
        email: account?.email ?? null,
        centre: spec.centre,
      });
      return [{ filename: invoiceFileName(invoice), contentType: 'application/pdf', content }];
    }
    if (spec.kind === 'occurrence-ics') {
      const [session] = await new OccurrenceReads(db).details(db, [spec.occurrenceId]);
      if (!session) throw new TransportError(messagingMessages.sessionGone, true);
      const content = sessionsCalendar(session.title, [toCalendarOccurrence(session)], true);
      return [{ filename: 'session.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(content) }];
    }
    const data = await monthlyReportData(db, spec.guestId, spec.month, spec.timezone);
    if (!data) throw new TransportError(messagingMessages.monthlyGuestGone, true);
    const content = await renderMonthlyReport(data);
    return [{ filename: `${spec.month}_monthly_report.jpg`, contentType: 'image/jpeg', content }];
  };
