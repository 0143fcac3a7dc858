import { z } from 'zod';
import { idText } from './ids.js';
import { calendarDay, timezoneParam } from './occurrences.schema.js';

/**
 * The audit log (docs/domain.md#audit-log): who changed what, and when. `entityType` is the API
 * section the change went through; `auth` is a sign-in or a check of a secret (its `entityId` is
 * the user's; null for a failed sign-in).
 */
export const AUDIT_ENTITY_TYPES = [
  'users',
  'groups',
  'message-groups',
  'locations',
  'forms',
  'lookups',
  'events',
  'event-occurrences',
  'form-submissions',
  'attendance',
  'closures',
  'message-logs',
  'auth',
  'billing-policy',
  'billing-accounts',
  'billing-packages',
  'billing-invoices',
  'billing-payments',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * What happened. `create`, `update` and `delete` are the plain writes (`archive` a delete that kept
 * the row); the others are state changes, the guest's own answer (`rsvp`, no actor), sign-ins, and
 * each refused check of a secret: a wrong password at sign-in (`loginFailed`), a wrong second-step
 * code (`twoFactorCodeFailed`), a wrong password turning two-factor sign-in off
 * (`twoFactorDisableFailed`) or changing the password (`passwordChangeFailed`). An invoice is
 * issued (`issue`, when it gets its number) and voided (`void`).
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'approve',
  'unapprove',
  'cancel',
  'restore',
  'send',
  'retry',
  'split',
  'makeup',
  'rsvp',
  'login',
  'loginFailed',
  'passwordReset',
  'twoFactorEnable',
  'twoFactorDisable',
  'twoFactorCodeFailed',
  'twoFactorDisableFailed',
  'passwordChangeFailed',
  'issue',
  'void',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a secret's value is shown as, in `changes` and everywhere else in the log. */
export const REDACTED = '[redacted]';

/**
 * GET /api/audit-logs (admins): newest first. `from`/`to` are ISO instants, or calendar days in
 * `timezone` (else UTC), `to` taking in its whole day.
 */
export const auditLogListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  entityType: z.enum(AUDIT_ENTITY_TYPES, { error: 'entityType must be an API section' }).optional(),
  entityId: idText('entityId must be an id').optional(),
  actorId: idText('actorId must be an id').optional(),
  /**
   * An event's History: the event's own rows and its sessions' (`event-occurrences` and
   * `attendance`: moves, approvals, cancellations, make-ups, guests' answers and marks).
   */
  eventId: idText('eventId must be an id').optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'action must be a known action' }).optional(),
  from: z
    .union([calendarDay, z.iso.datetime({ offset: true })], { error: 'from must be a day or an ISO date-time' })
    .optional(),
  to: z
    .union([calendarDay, z.iso.datetime({ offset: true })], { error: 'to must be a day or an ISO date-time' })
    .optional(),
  timezone: timezoneParam.optional(),
});
export type AuditLogListQuery = z.infer<typeof auditLogListQuerySchema>;

/** One field's change; a secret's values are `"[redacted]"`. */
export const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

export const auditLogSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who did it; null for the system (jobs), a guest's own answer, and a failed sign-in or second step. */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.number().int().nullable(),
  /**
   * What the thing was called when it changed (an event's title, a session's event title, a
   * username, a location's name; for `loginFailed` the username tried), so a row reads in words
   * after the thing is gone. Beyond the contract.
   */
  entityName: z.string().nullable(),
  changes: z.record(z.string(), auditChangeSchema).nullable(),
  requestId: z.string().nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogListSchema = z.object({
  auditLogs: z.array(auditLogSchema),
  totalCount: z.number().int(),
});
export type AuditLogList = z.infer<typeof auditLogListSchema>;
