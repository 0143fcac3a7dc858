import { defineMessages, type Message, type Text, toMessage } from './messages.js';

/** What a bulk send ended with: counts for the toast (issue: '3 reminders queued, 1 skipped: no address'). */
export interface SendCounts {
  /** New messages handed to delivery. */
  queued: number;
  /** Messages decided before (same idempotency key): nothing new was queued for them. */
  duplicates: number;
  /** New messages the transport cannot reach, with why (logged as failed). */
  unreachable: readonly { name: string; reason: Text }[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Texts of messaging (docs/product.md §8). */
export const messagingMessages = defineMessages('messaging', {
  retryQueued: ({ id }: { id: number }) => `Message ${id} queued again`,
  retryNotFailed: 'Only a failed message can be retried',
  retrying: ({ id }: { id: number }) => `Resending message... ${id}`,
  notFound: 'Message not found',
  reminderError: 'Error sending reminders:',
  reportError: 'Error sending report:',
  reportsError: 'Error sending reports:',
  monthlyError: 'Error sending monthly reports:',
  generateError: 'Error generating form:',
  syncError: 'Error syncing message groups:',
  remindersFailed: 'An error occurred while sending the reminders',
  reportFailed: 'An error occurred while sending the report',
  reportsFailed: 'An error occurred while sending the reports',
  monthlyFailed: 'An error occurred while sending the monthly reports',
  generated: 'Form generated successfully',
  synced: 'Synced message groups',
  syncSummary: ({ groups, created, members }: { groups: number; created: number; members: number }) =>
    `Synced message groups: ${plural(groups, 'group', 'groups')} (${created} new), ${plural(members, 'member', 'members')} matched to users`,
  noGroupTransport: ({ transport }: { transport: string }) =>
    `The ${transport} transport has no message groups to sync; set MESSAGE_TRANSPORT=whatsapp to sync groups from the WhatsApp gateway`,
  syncUnavailable: ({ reason }: { reason: string }) => `The messaging gateway could not list its groups: ${reason}`,
  pastDay: 'Reminders cannot be sent for a past day',
  remindersQueued: ({ count }: { count: number }) => `${plural(count, 'reminder', 'reminders')} queued`,
  reportsQueued: ({ count }: { count: number }) => `${plural(count, 'report', 'reports')} queued`,
  monthlyQueued: ({ count }: { count: number }) => `${plural(count, 'monthly report', 'monthly reports')} queued`,
  alreadyQueued: ({ count }: { count: number }) => `${count} already queued before`,
  skipped: ({ count, reason, names }: { count: number; reason: string | Message; names: string }) =>
    `${count} skipped: ${String(reason)} (${names})`,
  /** A bulk send's parts, one sentence: '3 reminders queued, 1 skipped: no email address (Ayşe Yılmaz)'. */
  sendSummary: ({ parts }: { parts: readonly Message[] }) => [parts].flat().join(', '),
  reportSummary: ({ summary, completed }: { summary: Message; completed: number }) =>
    `${String(summary)}; ${plural(completed, 'occurrence marked completed', 'occurrences marked completed')}`,
  noEmail: 'no email address',
  badEmail: 'no usable email address',
  groupNoEmail: 'message groups have no email address (they need the whatsapp transport)',
  noPhone: 'no phone number',
  badPhone: 'no usable phone number',
  noChatId: 'the message group has no chat id',
  undelivered: 'Delivery did not finish: the server process stopped or the transport did not answer in time',
  secretUnreadable: 'The link this message carries cannot be read any more (the server secret changed)',
  reportGone: 'The report’s occurrence or form no longer exists',
  sessionGone: 'The session no longer exists',
  monthlyGuestGone: 'The monthly report’s guest no longer exists',
  notGroupChatId: ({ chatId }: { chatId: string }) => `chat id ${chatId} is not a WhatsApp group id (…@g.us)`,
  noApprovedOccurrences:
    'No reminders queued: no approved occurrence of this day is still ahead (approve the schedule first)',
  noGuestsThisMonth: 'No monthly reports queued: no occurrence of this month has guests',
  noSubmissions: 'This occurrence has no submissions of this form',
  reportNotFound: 'No report: the occurrence or the form does not exist',
  noOccurrencesWithSubmissions: 'No occurrence of this day has form submissions to report',
});

/** What a bulk send ended with, as one coded sentence ('3 reminders queued, 1 skipped: no email address (Ayşe Yılmaz)'). */
export function sendSummary(queued: (values: { count: number }) => Message, counts: SendCounts): Message {
  const parts = [queued({ count: counts.queued })];
  if (counts.duplicates > 0) parts.push(messagingMessages.alreadyQueued({ count: counts.duplicates }));
  if (counts.unreachable.length > 0) {
    // Reasons alike in code and values are one part: 'no email address (Ayşe, John)'.
    const reasons = new Map<string, { reason: Message; names: string[] }>();
    for (const { name, reason } of counts.unreachable) {
      const message = toMessage(reason);
      const key = JSON.stringify([message.code, message.values]);
      const entry = reasons.get(key) ?? { reason: message, names: [] };
      entry.names.push(name);
      reasons.set(key, entry);
    }
    for (const { reason, names } of reasons.values()) {
      const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
      parts.push(messagingMessages.skipped({ count: names.length, reason, names: shown }));
    }
  }
  return messagingMessages.sendSummary({ parts });
}
