import {
  applyCoverPlanSchema,
  availabilitySchema,
  coverCandidatesSchema,
  coverMessages,
  coverPlanResultSchema,
  coverPlanSchema,
  coverRequestSchema,
  createTimeOffSchema,
  eventOccurrenceListSchema,
  eventOccurrenceSchema,
  idParamsSchema,
  needsCoverQuerySchema,
  putAvailabilitySchema,
  timeOffListQuerySchema,
  timeOffListSchema,
  timeOffResultSchema,
  uncoverQuerySchema,
} from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access/access.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { defineFeature, type Platform } from '../../platform/feature.js';
import { messagingFor } from '../message-composition/service.js';
import { CoverService } from './service.js';

const tags = ['cover'];
const admins = { access: ['admin'] as const };
const staff = { access: ['admin', 'editor'] as const };

const coverService = (platform: Platform) => new CoverService(platform.db, platform.now, messagingFor(platform));

/** /api/users/{id}/availability: an editor's working hours (docs/domain.md#working-hours). */
const availabilityRoutes: FastifyPluginAsyncZod<{ cover: CoverService }> = async (app, { cover }) => {
  app.get(
    '/:id/availability',
    {
      config: staff,
      schema: {
        tags,
        description:
          'The user’s working hours: a week of intervals in their zone (`day` MO..SU, `from`/`to` HH:mm); an ' +
          'empty week means no limit. Admins, or the editor themself; a guest’s is a 400.',
        params: idParamsSchema,
        response: { 200: availabilitySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cover.availability(request.params.id, currentUser(request)),
  );

  app.put(
    '/:id/availability',
    {
      config: staff,
      schema: {
        tags,
        description:
          'Replaces the user’s week (`{weekly}`): each interval `from < to`, none overlapping another of its ' +
          'day, else 400. Admins, or the editor themself; a guest’s is a 400.',
        params: idParamsSchema,
        body: putAvailabilitySchema,
        response: { 200: availabilitySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cover.setAvailability(request.params.id, request.body.weekly, currentUser(request)),
  );
};

/** /api/time-off and its cover plan (docs/domain.md#time-off). */
const timeOffRoutes: FastifyPluginAsyncZod<{ cover: CoverService }> = async (app, { cover }) => {
  app.get(
    '/',
    {
      config: staff,
      schema: {
        tags,
        description:
          'The time off whose days overlap `from`..`to` (either may be left out), of `userId` when given, newest ' +
          'first day first, paged. An editor reads their own (another’s `userId` is a 403).',
        querystring: timeOffListQuerySchema,
        response: { 200: timeOffListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => cover.listTimeOff(request.query, currentUser(request)),
  );

  app.post(
    '/',
    {
      config: staff,
      schema: {
        tags,
        description:
          'Records the whole days `from`..`to` (inclusive, at most 366) in the user’s zone as their time off, ' +
          'and answers the sessions of theirs on those days that are not cancelled, not completed and not ' +
          'covered by someone else (`affected`). It cancels nothing. Admins, or an editor for themself (another ' +
          'is a 403). `dryRun: true` stores nothing and answers 200 (`timeOff.id` null); otherwise 201.',
        body: createTimeOffSchema,
        response: { 200: timeOffResultSchema, 201: timeOffResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const result = await cover.createTimeOff(request.body, currentUser(request));
      return reply.code(request.body.dryRun ? 200 : 201).send(result);
    },
  );

  app.delete(
    '/:id',
    {
      config: staff,
      schema: {
        tags,
        description: 'Deletes the time off (covers given for it stay). Admins, or the editor it is of.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await cover.deleteTimeOff(request.params.id, currentUser(request)))) {
        throw new AppError(404, coverMessages.timeOffNotFound);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/cover-plan',
    {
      config: admins,
      schema: {
        tags,
        description:
          'For each session the time off affects (by start), the best free candidate (as cover-candidates ranks ' +
          'them) not already given an overlapping session of the plan; `candidate` null when none is left.',
        params: idParamsSchema,
        response: { 200: coverPlanSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cover.plan(request.params.id),
  );

  app.post(
    '/:id/cover-plan',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Gives each session of `assignments` (sessions the time off affects) to its substitute in one ' +
          'transaction: any substitute not free for theirs (other assignments included) is a 409 and nothing ' +
          'changes. `notify` (default true) tells the guests and both organisers of each.',
        params: idParamsSchema,
        body: applyCoverPlanSchema,
        response: { 200: coverPlanResultSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => cover.applyPlan(request.params.id, request.body, currentUser(request)),
  );
};

/** /api/event-occurrences/…: what needs cover, its candidates, and giving a session to a substitute. */
const occurrenceCoverRoutes: FastifyPluginAsyncZod<{ cover: CoverService }> = async (app, { cover }) => {
  app.get(
    '/needs-cover',
    {
      config: admins,
      schema: {
        tags,
        description:
          'The sessions from now to `days` ahead (1 to 366, default 30) whose organiser is on time off then, that ' +
          'are not cancelled or completed and have no cover; by start, paged.',
        querystring: needsCoverQuerySchema,
        response: { 200: eventOccurrenceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => cover.needsCover(request.query, currentUser(request)),
  );

  app.get(
    '/:id/cover-candidates',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Every active editor but the session’s organiser who is free for it (no session of theirs overlapping ' +
          'it, half-open; not on time off; inside their working hours when they have any), by `knownGuests` ' +
          '(how many of its guests they organised a session for in the last 180 days) descending, then ' +
          '`coversLast30Days` ascending, then id.',
        params: idParamsSchema,
        response: { 200: coverCandidatesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cover.candidates(request.params.id),
  );

  app.post(
    '/:id/cover',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Gives the session to `organiserId` (an active editor, else 400; not free for it, 409; a cancelled or ' +
          'completed session, 409): from then on it is theirs wherever a session’s organiser counts (lists, ' +
          'calendars, feeds, attendance, reminders, the export) and `cover` says whose it was. `notify` (default ' +
          'true) tells the guests and both organisers in their language.',
        params: idParamsSchema,
        body: coverRequestSchema,
        response: { 200: eventOccurrenceSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => cover.cover(request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id/cover',
    {
      config: admins,
      schema: {
        tags,
        description:
          'Gives the session back to its event’s organiser (409 when it is not covered). `notify` (default true) ' +
          'tells the guests and both organisers.',
        params: idParamsSchema,
        querystring: uncoverQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await cover.uncover(request.params.id, request.query, currentUser(request));
      return reply.code(204).send(null);
    },
  );
};

/** Working hours at /api/users/{id}/availability. */
export const availabilityFeature = defineFeature('/api/users', async (app, { platform }) => {
  await app.register(availabilityRoutes, { cover: coverService(platform) });
});

/** Time off and its cover plans at /api/time-off. */
export const timeOffFeature = defineFeature('/api/time-off', async (app, { platform }) => {
  await app.register(timeOffRoutes, { cover: coverService(platform) });
});

/** Cover of sessions at /api/event-occurrences/…/cover, needs-cover and cover-candidates. */
export const coverFeature = defineFeature('/api/event-occurrences', async (app, { platform }) => {
  await app.register(occurrenceCoverRoutes, { cover: coverService(platform) });
});
