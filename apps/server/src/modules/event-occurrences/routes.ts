import {
  bulkActionResultSchema,
  conflictListSchema,
  conflictWindowQuerySchema,
  occurrenceClashListSchema,
  eventOccurrenceListQuerySchema,
  eventOccurrenceListSchema,
  eventOccurrenceSchema,
  idParamsSchema,
  occurrenceCalendarQuerySchema,
  occurrenceCalendarSchema,
  scheduleDayRequestSchema,
  sendReportRequestSchema,
  updateEventOccurrenceSchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access/access.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import type { MessagingService } from '../message-composition/service.js';
import { EventOccurrenceService, OCCURRENCE_NOT_FOUND } from './service.js';
import { defineFeature } from '../../platform/feature.js';
import { messagingFor } from '../message-composition/service.js';

const tags = ['event-occurrences'];
/** Everyone reads occurrences; the service shows editors and guests only their own. */
const readers = { access: ['admin', 'editor', 'guest'] as const };
const admins = { access: ['admin'] as const };

/**
 * /api/event-occurrences (docs/product.md §3, §5, §7): the lists and one occurrence for every role (scoped),
 * and the admin's changes: the occurrence's guests and time, deletion, approving a day, and the
 * day's reminders and reports. Every send answers `{success, message}` with the counts.
 */
const eventOccurrenceRoutes: FastifyPluginAsyncZod<{
  occurrences: EventOccurrenceService;
  messaging: MessagingService;
}> = async (app, { occurrences, messaging }) => {
  app.get(
    '/',
    {
      config: { ...readers, cacheAnswer: true },
      schema: {
        tags,
        description:
          'Occurrences sorted by start, with their event, organiser, guests and form submissions. `date` is a ' +
          'day in `timezone` (else the caller’s zone), `monthly=true` its month; `from` (inclusive) and `to` ' +
          '(exclusive) are instants. Admins see all, editors the occurrences of the events they organise, guests ' +
          'those they are a guest of (and only the submissions about themselves).',
        querystring: eventOccurrenceListQuerySchema,
        response: { 200: eventOccurrenceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => occurrences.list(request.query, currentUser(request)),
  );

  app.get(
    '/calendar',
    {
      // Kept per viewer and data version, with ETag / 304 (platform/answer-cache.ts): the month one opens is
      // read again and again (and by every admin) while nothing changes.
      config: { ...readers, cacheAnswer: true },
      schema: {
        tags,
        description:
          'The sessions starting in [from, to) (ISO instants, at most 62 days), scoped like the lists, in one ' +
          'compact answer: each session’s id, event, times and status, and each event’s details once. Admins may ' +
          'narrow by organiserId, locationId and guestId.',
        querystring: occurrenceCalendarQuerySchema,
        response: { 200: occurrenceCalendarSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => occurrences.calendar(request.query, currentUser(request)),
  );

  app.get(
    '/conflicts',
    {
      // Home's clash window: every admin opening Home asks for the same days (platform/answer-cache.ts).
      config: { ...admins, cacheAnswer: true },
      schema: {
        tags,
        description:
          'Sessions that clash with each other in [from, to) (ISO instants, at most 31 days): overlapping ' +
          '(half-open) and sharing the organiser, the location or an active guest; archived events left out. Each ' +
          'pair once, as the later session and the one it clashes `with`, by start; at most 100, `conflictCount` ' +
          'is the total.',
        querystring: conflictWindowQuerySchema,
        response: { 200: occurrenceClashListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => occurrences.clashesBetween(request.query),
  );

  app.post(
    '/:id/preview',
    {
      config: admins,
      schema: {
        tags,
        description:
          'What PATCH with the same body would make the occurrence clash with (its organiser, its location, its ' +
          'guests), without saving: `{conflicts, conflictCount}`. A warning only; PATCH still saves.',
        params: idParamsSchema,
        body: updateEventOccurrenceSchema,
        response: { 200: conflictListSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await occurrences.previewUpdate(request.params.id, request.body);
      if (!result) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return result;
    },
  );

  app.get(
    '/:id',
    {
      config: readers,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: eventOccurrenceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const occurrence = await occurrences.find(request.params.id, currentUser(request));
      if (!occurrence) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return occurrence;
    },
  );

  app.patch(
    '/:id',
    {
      config: admins,
      schema: {
        tags,
        description:
          'occurrenceGuestIds sets the occurrence’s own guest list; occurrenceDate moves it (an ISO instant or ' +
          'YYYY-MM-DDTHH:mm in the event’s zone), keeping its length. A completed occurrence cannot be changed.',
        params: idParamsSchema,
        body: updateEventOccurrenceSchema,
        response: { 200: eventOccurrenceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const occurrence = await occurrences.update(request.params.id, request.body);
      if (!occurrence) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return occurrence;
    },
  );

  app.delete(
    '/:id',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Refused (409) for an occurrence with history: completed, or with form submissions, logged messages or ' +
          'attendance marks.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      if (!(await occurrences.delete(request.params.id))) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  for (const [path, approve] of [
    ['/approveSchedule', true],
    ['/unapproveSchedule', false],
  ] as const) {
    app.post(
      path,
      {
        config: admins,
        schema: {
          tags,
          description: approve
            ? 'The day’s scheduled occurrences become approved (a day before today is refused).'
            : 'The day’s approved occurrences become scheduled again (a day before today is refused).',
          body: scheduleDayRequestSchema,
          response: { 200: bulkActionResultSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => occurrences.setDaySchedule(request.body, currentUser(request), approve),
    );
  }

  const sent = { 200: bulkActionResultSchema, ...errorResponses(400, 401, 403, 503) };

  app.post(
    '/sendReminders',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Queues one reminder per guest (or per message group) of each approved occurrence of the day (in ' +
          '`timezone`, else the caller’s) that has not started; its text gives the time in the guest’s zone. A past ' +
          'day is refused. Sending twice queues nothing new.',
        body: scheduleDayRequestSchema,
        response: sent,
      },
    },
    async (request) => messaging.sendReminders(request.body, currentUser(request)),
  );

  app.post(
    '/sendReport',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Queues the report image of the occurrence’s submissions of the form to its guests (each sees only the ' +
          'submissions about them) and marks the occurrence completed.',
        body: sendReportRequestSchema,
        response: { ...sent, ...errorResponses(404, 409) },
      },
    },
    async (request) => messaging.sendReport(request.body, currentUser(request)),
  );

  app.post(
    '/sendReports',
    {
      config: admins,
      schema: {
        tags,
        description: 'sendReport for every occurrence of the day and every form with submissions on it.',
        body: scheduleDayRequestSchema,
        response: sent,
      },
    },
    async (request) => messaging.sendReports(request.body, currentUser(request)),
  );

  app.post(
    '/sendMonthlyReports',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Queues each guest of the month’s occurrences (the month of listDate) one image of their month, once per ' +
          'guest and month.',
        body: scheduleDayRequestSchema,
        response: sent,
      },
    },
    async (request) => messaging.sendMonthlyReports(request.body, currentUser(request)),
  );
};

/** The occurrences themselves at /api/event-occurrences (attendance, cancellation, make-ups and export add theirs there). */
export const eventOccurrencesFeature = defineFeature('/api/event-occurrences', async (app, { platform }) => {
  await app.register(eventOccurrenceRoutes, {
    occurrences: new EventOccurrenceService(platform.db, platform.now),
    messaging: messagingFor(platform),
  });
});
