import {
  attendanceListSchema,
  attendanceSummaryQuerySchema,
  attendanceSummarySchema,
  idParamsSchema,
  markAttendanceSchema,
  toFillListSchema,
  toFillQuerySchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access/access.js';
import { sendCsv } from '../../lib/csv.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { OCCURRENCE_NOT_FOUND } from '../event-occurrences/index.js';
import { summaryRecords } from './summary.js';
import { defineFeature } from '../../platform/feature.js';
import { AttendanceService } from './service.js';

const tags = ['attendance'];
/** Admins, and editors for the sessions they organise (the service keeps them to those). */
const organisers = { access: ['admin', 'editor'] as const };

/**
 * The attendance calls under /api/event-occurrences (docs/product.md §10): marking one session's
 * guests, and the sessions still to fill. Registered before the occurrence routes, beside `/:id`.
 */
const occurrenceAttendanceRoutes: FastifyPluginAsyncZod<{ attendance: AttendanceService }> = async (
  app,
  { attendance },
) => {
  app.get(
    '/to-fill',
    {
      config: organisers,
      schema: {
        tags,
        description:
          'Sessions that started in the last `days` days (days × 24 hours up to now), are not cancelled and are ' +
          'still to fill: a guest that counts without an attendance mark or without a Session notes submission ' +
          'about them (a session without guests: no Session notes at all). Full rows as the list gives them, ' +
          'newest first, at most 50 a page. Admins see all, editors the sessions they organise.',
        querystring: toFillQuerySchema,
        response: { 200: toFillListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => attendance.toFill(request.query, currentUser(request)),
  );

  app.put(
    '/:id/attendance',
    {
      config: organisers,
      schema: {
        tags,
        description:
          'Sets the listed guests’ marks (the others keep theirs) and answers the session’s whole list. Admins and ' +
          'the session’s organiser (another editor’s session is 404). Each guest must be one that counts for the ' +
          'session, once. Before the session starts only `cancelled` and `excused` may be set (409 otherwise); a ' +
          'cancelled session is 409; a completed one is still marked. A note left out is kept, a blank one cleared.',
        params: idParamsSchema,
        body: markAttendanceSchema,
        response: { 200: attendanceListSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const list = await attendance.mark(request.params.id, request.body, currentUser(request));
      if (!list) throw new AppError(404, OCCURRENCE_NOT_FOUND);
      return list;
    },
  );
};

/** /api/attendance (docs/product.md §10): the summary of a range and its CSV. */
const attendanceRoutes: FastifyPluginAsyncZod<{ attendance: AttendanceService }> = async (app, { attendance }) => {
  app.get(
    '/summary',
    {
      config: organisers,
      schema: {
        tags,
        description:
          'Counts of the (session, guest) pairs of the sessions that started on the days `from`..`to` (inclusive, at ' +
          'most 366, in `timezone`, else the caller’s zone) and are not cancelled, the guests being those that ' +
          'count (active), per guest, organiser, event or month (`YYYY-MM` in the zone), sorted by name, and in ' +
          'total. rate = (present + late) / (present + late + absent + lateCancelled), null when that is 0. ' +
          '`organiserId`, `locationId`, `groupId` (guests in that group) and `guestId` narrow it. Admins count all, ' +
          'editors the sessions they organise.',
        querystring: attendanceSummaryQuerySchema,
        response: { 200: attendanceSummarySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => attendance.summary(request.query, currentUser(request)),
  );

  app.get(
    '/summary/export',
    {
      config: organisers,
      schema: {
        tags,
        description:
          'The summary as CSV (UTF-8 with a BOM): `key` (the group’s name), the counts, `rate`, then a Total row; ' +
          'an attachment `ritim-attendance-<groupBy>-<from>-<to>.csv`.',
        querystring: attendanceSummaryQuerySchema,
        // 200 is text/csv; errors are {message, code} (400, 401, 403).
      },
    },
    async (request, reply) => {
      const { query } = request;
      const summary = await attendance.summary(query, currentUser(request));
      return sendCsv(reply, `ritim-attendance-${query.groupBy}-${query.from}-${query.to}.csv`, summaryRecords(summary));
    },
  );
};

/** Marking a session's guests, at /api/event-occurrences/{id}/attendance and /to-fill. */
export const occurrenceAttendanceFeature = defineFeature('/api/event-occurrences', async (app, { platform }) => {
  await app.register(occurrenceAttendanceRoutes, { attendance: new AttendanceService(platform.db, platform.now) });
});

/** The attendance summary and its export at /api/attendance. */
export const attendanceFeature = defineFeature('/api/attendance', async (app, { platform }) => {
  await app.register(attendanceRoutes, { attendance: new AttendanceService(platform.db, platform.now) });
});
