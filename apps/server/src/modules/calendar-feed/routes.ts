import { calendarFeedMessages, calendarFeedSchema, idParamsSchema, messages, notFound } from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access/access.js';
import { preferredEncoding } from '../../lib/compression.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { defineFeature } from '../../platform/feature.js';
import { CalendarFeedService } from './service.js';

const tags = ['calendar-feed'];
const anySignedIn = { access: ['admin', 'editor', 'guest'] } as const;
const USER_NOT_FOUND = notFound('User');

/**
 * Calendar subscriptions. The feed is a sub-resource of a user (`/api/users/{id}/calendar-feed`,
 * registered here because this module owns the feed and its tokens, not the user), and the feed
 * itself is `/api/calendar-feeds/{token}.ics`, read without a session.
 */
const calendarFeedRoutes: FastifyPluginAsyncZod<{ feeds: CalendarFeedService }> = async (app, { feeds }) => {
  const answer = async (
    request: { params: { id: number }; protocol: string; host: string },
    me: { id: number; role: string },
    reset: boolean,
  ) => {
    if (me.role !== 'admin' && me.id !== request.params.id) throw new AppError(403, messages.forbidden);
    const token = await feeds.token(request.params.id, reset);
    if (!token) throw new AppError(404, USER_NOT_FOUND);
    return { url: `${request.protocol}://${request.host}/api/calendar-feeds/${token}.ics` };
  };

  app.get(
    '/users/:id/calendar-feed',
    {
      config: anySignedIn,
      schema: {
        tags,
        description:
          'The address of the user’s calendar feed (themselves or an admin); the first call makes its secret token.',
        params: idParamsSchema,
        response: { 200: calendarFeedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => answer(request, currentUser(request), false),
  );

  app.post(
    '/users/:id/calendar-feed/reset',
    {
      config: anySignedIn,
      schema: {
        tags,
        description: 'A new secret address for the user’s calendar feed; the old one answers 404 from then on.',
        params: idParamsSchema,
        response: { 200: calendarFeedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => answer(request, currentUser(request), true),
  );

  app.get(
    '/calendar-feeds/:file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'The feed (RFC 5545): a VEVENT per occurrence the user organises or attends, from 30 days back to the ' +
          'horizon. No session: the token is the credential. ETag (the feed’s data version) / If-None-Match (304); ' +
          'gzip or br per Accept-Encoding.',
        params: z.object({ file: z.string().max(100) }),
        // 200 is text/calendar; errors are {message}.
      },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
      const feed = token ? await feeds.feed(token, request.headers['if-none-match']) : undefined;
      if (!feed) throw new AppError(404, calendarFeedMessages.notFound);
      reply.header('etag', feed.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      if (feed.notModified) return reply.code(304).send();
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="ritim.ics"')
        .send(encoding ? await feed.document.encoded(encoding) : feed.document.body);
    },
  );
};

/** Calendar feeds (ICS) and their personal links, under /api. */
export const calendarFeedFeature = defineFeature('/api', async (app, { platform }) => {
  const { answerCache } = platform;
  await app.register(calendarFeedRoutes, {
    feeds: new CalendarFeedService(platform.db, platform.jwtSecret, platform.now, () => answerCache.version()),
  });
});
