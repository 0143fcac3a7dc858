import type { AuditEntityType, AuditLog } from '@ritim/shared';

/** A record's creation as the audit log keeps it (the History panels' first row). */
export const historyRow = (entityType: AuditEntityType, entityId: number, entityName: string): AuditLog => ({
  id: 1,
  at: '2026-11-20T09:00:00.000Z',
  actor: { id: 1, username: 'admin' },
  action: 'create',
  entityType,
  entityId,
  entityName,
  changes: null,
  requestId: 'req-1',
});
