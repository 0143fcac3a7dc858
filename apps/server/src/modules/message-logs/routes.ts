import {
  bulkActionResultSchema,
  bulkResult,
  idParamsSchema,
  messageLogListQuerySchema,
  messageLogListSchema,
  messageLogSchema,
  messages,
  messagingMessages,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import type { Outbox } from '../../platform/delivery/outbox.js';
import { defineFeature } from '../../platform/feature.js';
import { MessageLogService } from './service.js';

const admins = { access: ['admin'] as const };
const tags = ['message-logs'];

/** /api/message-logs (admins, docs/product.md §7): the Message Log, one message, and a failed one's retry. */
const messageLogRoutes: FastifyPluginAsyncZod<{
  messageLogs: MessageLogService;
  /** Without one (tests of other sections) a retry answers 503. */
  outbox: Outbox | undefined;
}> = async (app, { messageLogs, outbox }) => {
  app.get(
    '/',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Logged messages, newest first: `date` those queued that day, `occurrenceDate` those about that day’s ' +
          'occurrences (both in `timezone`, else the caller’s zone).',
        querystring: messageLogListQuerySchema,
        response: { 200: messageLogListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => messageLogs.list(request.query, currentUser(request)),
  );

  app.get(
    '/:id',
    {
      config: admins,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: messageLogSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const log = await messageLogs.find(request.params.id);
      if (!log) throw new AppError(404, messagingMessages.notFound);
      return log;
    },
  );

  app.post(
    '/:id/retry',
    {
      config: admins,
      schema: {
        tags,
        description: 'Puts a failed message back on the delivery queue (it reads the recipient’s address anew).',
        params: idParamsSchema,
        response: { 200: bulkActionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      if (!outbox) throw new AppError(503, messages.messagingOff);
      const outcome = await outbox.retry(request.params.id);
      if (outcome === 'not-found') throw new AppError(404, messagingMessages.notFound);
      if (outcome === 'not-failed') throw new AppError(409, messagingMessages.retryNotFailed);
      return bulkResult(true, messagingMessages.retryQueued({ id: request.params.id }));
    },
  );
};

/** The Message Log and its retries at /api/message-logs. */
export const messageLogsFeature = defineFeature('/api/message-logs', async (app, { platform }) => {
  await app.register(messageLogRoutes, { messageLogs: new MessageLogService(platform.db), outbox: platform.outbox });
});
