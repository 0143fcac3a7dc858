import type { MessageLog } from '@ritim/shared';

/** A logged reminder to Nur Ak about Piano on 24/11/2026, in `status`, with `overrides`. */
export const messageLog = (
  id: number,
  status: MessageLog['status'],
  overrides: Partial<MessageLog> = {},
): MessageLog => ({
  id,
  type: 'reminder',
  status,
  message: 'Reminder: Piano\nWhen: Tuesday 24/11/2026 10:00–11:00 (Europe/Istanbul)',
  subject: 'Reminder: Piano',
  error: status === 'failed' ? 'no email address' : null,
  attempts: status === 'queued' ? 0 : 1,
  recipient: { kind: 'user', id: 30 + id, name: 'Nur Ak' },
  guests: [{ id: 30 + id, name: 'Nur', surname: 'Ak' }],
  month: null,
  eventOccurrence: {
    id: 501,
    occurrenceDate: '2026-11-24T07:00:00.000Z',
    event: { id: 9, title: 'Piano', timezone: 'Europe/Istanbul' },
  },
  createdAt: '2026-11-24T06:00:00.000Z',
  sentAt: status === 'sent' ? '2026-11-24T06:00:01.000Z' : null,
  ...overrides,
});
