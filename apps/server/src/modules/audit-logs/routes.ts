import { auditLogListQuerySchema, auditLogListSchema } from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/errors.js';
import { noStore } from '../../platform/request-log.js';
import { defineFeature } from '../../platform/feature.js';
import { occurrenceIdsOfEvent } from '../event-occurrences/index.js';
import { AuditLogRepository } from './repository.js';

/**
 * /api/audit-logs (admins): the audit log, read only. No route changes or deletes a row, and the
 * database refuses it (docs/domain.md#audit-log).
 */
const auditLogRoutes: FastifyPluginAsyncZod<{ auditLogs: AuditLogRepository }> = async (app, { auditLogs }) => {
  app.addHook('onSend', noStore);
  app.get(
    '/',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['audit-logs'],
        summary: 'The audit log, newest first: filter by section and id, actor, action and time',
        querystring: auditLogListQuerySchema,
        response: { 200: auditLogListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => auditLogs.list(request.query),
  );
};

/** The audit log (Activity) at /api/audit-logs; an event's History reads its sessions' rows by their ids. */
export const auditLogsFeature = defineFeature('/api/audit-logs', async (app, { platform }) => {
  await app.register(auditLogRoutes, { auditLogs: new AuditLogRepository(platform.db, occurrenceIdsOfEvent) });
});
