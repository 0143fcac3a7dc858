import { rsvpAnswerSchema, rsvpSchema } from '@ritim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors.js';
import { noStore } from '../../platform/request-log.js';
import { defineFeature } from '../../platform/feature.js';
import { RsvpService } from './service.js';
import { RsvpTokens } from './tokens.js';

const tags = ['rsvp'];
/** No session: the link's token is the credential (docs/domain.md#rsvp). */
const publicRoute = { access: 'public' } as const;
const params = z.object({ token: z.string().max(100) });

/** /api/rsvp/{token}: a guest's own answer through the link in their reminder (docs/domain.md#rsvp). */
const rsvpRoutes: FastifyPluginAsyncZod<{ rsvp: RsvpService }> = async (app, { rsvp }) => {
  // The token is the credential and the answer someone's session.
  app.addHook('onSend', noStore);
  app.get(
    '/:token',
    {
      config: publicRoute,
      schema: {
        tags,
        security: [],
        description:
          'The session a guest’s link is about (time, place, organiser; `timezone` is the guest’s own zone), ' +
          'their answer (`yes`, `no` or null) and the cutoff (start minus CANCEL_NOTICE_HOURS) before which "no" ' +
          'is a cancellation in time. No sign-in: the token is the credential; any link that opens nothing is 404.',
        params,
        response: { 200: rsvpSchema, ...errorResponses(404) },
      },
    },
    async (request) => rsvp.get(request.params.token),
  );

  app.post(
    '/:token',
    {
      config: publicRoute,
      schema: {
        tags,
        security: [],
        description:
          'The guest answers. "no" before the cutoff marks their attendance `cancelled`, after it `lateCancelled`; ' +
          '"yes" takes a "no" back (its mark removed). A mark staff set stays whatever the answer (which is recorded). ' +
          '409 once the session started or while it is cancelled; ' +
          'answers as GET does.',
        params,
        body: rsvpAnswerSchema,
        response: { 200: rsvpSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => rsvp.respond(request.params.token, request.body),
  );
};

/** A guest's own answer through their personal link, at /api/rsvp/{token}. */
export const rsvpFeature = defineFeature('/api/rsvp', async (app, { platform }) => {
  await app.register(rsvpRoutes, {
    rsvp: new RsvpService(
      platform.db,
      new RsvpTokens(platform.jwtSecret),
      platform.now,
      platform.settings.cancelNoticeHours,
    ),
  });
});
