import { type AuditAction, type AuditEntityType, REDACTED } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { auditLogs } from '../db/schema.js';
import { currentActor } from './context.js';

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** One row of the audit log, as a write path states it; who and which request come from the context. */
export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | null;
  entityName?: string | null;
  changes?: AuditChanges | null;
  /**
   * Who acted when it is not the signed-in user of the request: the user who just signed in, or
   * null (a guest's own answer through their link, a failed sign-in).
   */
  actor?: { id: number; username: string } | null;
}

/**
 * The fields whose values never reach the log (docs/domain.md#audit-log): passwords, hashes,
 * tokens, TOTP secrets, recovery codes. A change to one is recorded as `"[redacted]"` both ways.
 */
const SECRET_FIELD = /password|hash|token|secret|totp|recovery/i;

/** The bookkeeping fields a diff leaves out: the id is the row's, the creator and times never change by hand. */
const SKIPPED_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'user']);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `{field: {from, to}}` between two states of a thing as the API shows it (null: it did not exist,
 * or no longer does), plus the secret fields the input set (which the API never shows). Null when
 * nothing changed.
 */
export function auditChanges(before: unknown, after: unknown, input?: unknown): AuditChanges | null {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (SKIPPED_FIELDS.has(field) || same(from[field], to[field])) continue;
    changes[field] = SECRET_FIELD.test(field)
      ? { from: REDACTED, to: REDACTED }
      : { from: from[field] ?? null, to: to[field] ?? null };
  }
  if (input && typeof input === 'object') {
    for (const [field, value] of Object.entries(input)) {
      if (SECRET_FIELD.test(field) && !isEmpty(value)) changes[field] = { from: REDACTED, to: REDACTED };
    }
  }
  return Object.keys(changes).length ? changes : null;
}

/**
 * A session's start as a row records it when the change leaves it as it was (a cancellation, marks,
 * an answer): `startsAt` from and to the same instant, so the log names the session by its day
 * and time, even after it has moved or gone.
 */
export function occurrenceStartChange(startsAt: Date | string): AuditChanges {
  const instant = typeof startsAt === 'string' ? new Date(startsAt).toISOString() : startsAt.toISOString();
  return { startsAt: { from: instant, to: instant } };
}

/** A thing's name as a row keeps it: its name, title, username or label. */
export function entityNameOf(item: unknown): string | null {
  if (!item || typeof item !== 'object') return null;
  const fields = item as Record<string, unknown>;
  for (const key of ['name', 'title', 'username', 'label']) {
    if (typeof fields[key] === 'string') return fields[key];
  }
  return null;
}

/** The columns of one row, with the actor and request id of the current request. */
export function auditRow(entry: AuditEntry): typeof auditLogs.$inferInsert {
  const context = currentActor();
  const actor = entry.actor === undefined ? context.actor : entry.actor;
  return {
    actorId: actor?.id ?? null,
    actorUsername: actor?.username ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    entityName: entry.entityName ?? null,
    changes: entry.changes ?? null,
    requestId: context.requestId,
  };
}

/**
 * Writes rows of the audit log in `db`, the transaction of the change they describe (so they
 * commit or roll back with it).
 */
export async function recordAudit(db: Executor, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length) await db.insert(auditLogs).values(entries.map(auditRow));
}

/** Rows written on their own, for changes that are a single statement elsewhere (a sign-in). */
export class AuditTrail {
  constructor(private readonly db: Db) {}

  record(...entries: AuditEntry[]): Promise<void> {
    return recordAudit(this.db, ...entries);
  }
}

/** The columns of an audit row written by an INSERT ... SELECT (auditInsertFrom, createdAuditInsert). */
interface AuditSelect {
  actorId: SQL;
  actorUsername: SQL;
  action: AuditAction;
  entityType: AuditEntityType;
  name: SQL;
  changes: SQL;
  requestId: SQL;
}

/** INSERT ... SELECT of one audit row per row of `source` (aliased `source`, with an `id`). */
const insertAuditRows = (source: SQL, row: AuditSelect) =>
  sql`insert into ${auditLogs} (actor_id, actor_username, action, entity_type, entity_id, entity_name, changes, request_id)
    select ${row.actorId}::integer, ${row.actorUsername}::text, ${row.action}::text, ${row.entityType}::text,
      source.id, ${row.name}, ${row.changes}, ${row.requestId}::text
    from ${source}`;

/**
 * An INSERT of one row per row of `source` (a CTE or table with `id` and `name` columns), for a
 * statement that changes many things at once: the rows are written by that same statement.
 * `rowChanges`, a jsonb expression over `source`, gives each row its own changes instead.
 */
export function auditInsertFrom(
  source: SQL,
  entry: Omit<AuditEntry, 'entityId' | 'entityName'>,
  rowChanges?: SQL,
): SQL {
  const row = auditRow({ ...entry, entityId: null });
  return insertAuditRows(sql`${source} as source`, {
    actorId: sql`${row.actorId}`,
    actorUsername: sql`${row.actorUsername}`,
    action: row.action,
    entityType: row.entityType,
    name: sql`source.name`,
    changes:
      rowChanges ??
      sql`${row.changes === null || row.changes === undefined ? null : JSON.stringify(row.changes)}::jsonb`,
    requestId: sql`${row.requestId}`,
  });
}

/**
 * Who acts and which request, as the values of a prepared statement's `auditActorId`,
 * `auditActorUsername` and `auditRequestId` placeholders (createdAuditInsert).
 */
export interface AuditStamp {
  auditActorId: number | null;
  auditActorUsername: string | null;
  auditRequestId: string | null;
}

export function auditStamp(): AuditStamp {
  const { actor, requestId } = currentActor();
  return { auditActorId: actor?.id ?? null, auditActorUsername: actor?.username ?? null, auditRequestId: requestId };
}

/**
 * The `create` row of a thing a prepared statement stores, as the body of one of its CTEs, so the
 * row costs no transaction and no round trip of its own (docs/domain.md#audit-log): `source` yields
 * the stored row as `source` (with `id`), `name` is its name and `fields` a jsonb object of what it
 * was created with, in the API's names (a null field is left out, as auditChanges leaves it out);
 * who and which request are the statement's AuditStamp placeholders.
 */
export function createdAuditInsert(
  source: SQL,
  { entityType, name, fields }: { entityType: AuditEntityType; name: SQL; fields: SQL },
): SQL {
  return insertAuditRows(source, {
    actorId: sql`${sql.placeholder('auditActorId')}`,
    actorUsername: sql`${sql.placeholder('auditActorUsername')}`,
    action: 'create',
    entityType,
    name,
    changes: sql`(select jsonb_object_agg(field.key, jsonb_build_object('from', null, 'to', field.value))
         from jsonb_each(${fields}) as field where field.value <> 'null'::jsonb)`,
    requestId: sql`${sql.placeholder('auditRequestId')}`,
  });
}
