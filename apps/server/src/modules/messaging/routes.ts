import { bulkActionResultSchema, scheduleDayRequestSchema, sendReportRequestSchema } from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/access.js';
import { errorResponses } from '../../lib/errors.js';
import type { MessagingService } from './service.js';

const admins = { access: ['admin'] as const };

/**
 * The messaging API (spec §7, DESIGN §4): the sends on /api/event-occurrences. Every send answers
 * `{success, message}` with the counts.
 */
export const messagingRoutes: FastifyPluginAsyncZod<{ messaging: MessagingService }> = async (app, { messaging }) => {
  const bulk = { 200: bulkActionResultSchema, ...errorResponses(400, 401, 403, 503) };
  const occurrenceTags = ['event-occurrences'];

  app.post(
    '/api/event-occurrences/sendReminders',
    {
      config: admins,
      schema: {
        tags: occurrenceTags,
        description:
          'Queues one reminder per guest (or per message group) of each approved occurrence of the day (in ' +
          '`timezone`, else the caller’s) that has not started; its text gives the time in the guest’s zone. A past ' +
          'day is refused. Sending twice queues nothing new.',
        body: scheduleDayRequestSchema,
        response: bulk,
      },
    },
    async (request) => messaging.sendReminders(request.body, currentUser(request)),
  );

  app.post(
    '/api/event-occurrences/sendReport',
    {
      config: admins,
      schema: {
        tags: occurrenceTags,
        description:
          'Queues the report image of the occurrence’s submissions of the form to its guests (each sees only the ' +
          'submissions about them) and marks the occurrence completed.',
        body: sendReportRequestSchema,
        response: { ...bulk, ...errorResponses(404, 409) },
      },
    },
    async (request) => messaging.sendReport(request.body, currentUser(request)),
  );

  app.post(
    '/api/event-occurrences/sendReports',
    {
      config: admins,
      schema: {
        tags: occurrenceTags,
        description: 'sendReport for every occurrence of the day and every form with submissions on it.',
        body: scheduleDayRequestSchema,
        response: bulk,
      },
    },
    async (request) => messaging.sendReports(request.body, currentUser(request)),
  );

  app.post(
    '/api/event-occurrences/sendMonthlyReports',
    {
      config: admins,
      schema: {
        tags: occurrenceTags,
        description:
          'Queues each guest of the month’s occurrences (the month of listDate) one image of their month, once per ' +
          'guest and month.',
        body: scheduleDayRequestSchema,
        response: bulk,
      },
    },
    async (request) => messaging.sendMonthlyReports(request.body, currentUser(request)),
  );
};
