/** What a bulk send ended with: counts for the toast (issue: '3 reminders queued, 1 skipped: no address'). */
export interface SendCounts {
  /** New messages handed to delivery. */
  queued: number;
  /** Messages decided before (same idempotency key): nothing new was queued for them. */
  duplicates: number;
  /** New messages the transport cannot reach, with why (logged as failed). */
  unreachable: readonly { name: string; reason: string }[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One sentence for a bulk send: '3 reminders queued, 1 already queued before, 1 skipped: no email
 * address (Ayşe Yılmaz)'. `noun` is [singular, plural].
 */
export const sendSummary = (noun: readonly [string, string], counts: SendCounts): string => {
  const parts = [`${plural(counts.queued, noun[0], noun[1])} queued`];
  if (counts.duplicates > 0) parts.push(`${counts.duplicates} already queued before`);
  if (counts.unreachable.length > 0) {
    const reasons = new Map<string, string[]>();
    for (const { name, reason } of counts.unreachable) reasons.set(reason, [...(reasons.get(reason) ?? []), name]);
    for (const [reason, names] of reasons) {
      const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
      parts.push(`${names.length} skipped: ${reason} (${shown})`);
    }
  }
  return parts.join(', ');
};

/** Texts of messaging (spec §8, with the spec's misspellings corrected). */
export const messagingMessages = {
  retryQueued: (id: number) => `Message ${id} queued again`,
  retryNotFailed: 'Only a failed message can be retried',
  retrying: (id: number) => `Resending message... ${id}`,
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
  syncSummary: (groups: number, created: number, members: number) =>
    `Synced message groups: ${plural(groups, 'group', 'groups')} (${created} new), ${plural(members, 'member', 'members')} matched to users`,
  noGroupTransport: (transport: string) =>
    `The ${transport} transport has no message groups to sync; set MESSAGE_TRANSPORT=whatsapp to sync groups from the WhatsApp gateway`,
  syncUnavailable: (reason: string) => `The messaging gateway could not list its groups: ${reason}`,
  pastDay: 'Reminders cannot be sent for a past day',
  reminderNouns: ['reminder', 'reminders'] as const,
  reportNouns: ['report', 'reports'] as const,
  monthlyNouns: ['monthly report', 'monthly reports'] as const,
  noApprovedOccurrences:
    'No reminders queued: no approved occurrence of this day is still ahead (approve the schedule first)',
  noGuestsThisMonth: 'No monthly reports queued: no occurrence of this month has guests',
  noSubmissions: 'This occurrence has no submissions of this form',
  reportNotFound: 'No report: the occurrence or the form does not exist',
  noOccurrencesWithSubmissions: 'No occurrence of this day has form submissions to report',
  completedSuffix: (count: number) => plural(count, 'occurrence marked completed', 'occurrences marked completed'),
} as const;
