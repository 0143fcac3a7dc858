import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Paths whose segment after the prefix is a credential (a link's token): a password reset, an
 * RSVP, a calendar feed, as pages and as API. Matched anywhere in the path and ignoring case, so
 * `//api/rsvp/…` or `/API/RSVP/…` (no route, but still a line in the log) are masked too.
 */
const SECRET_SEGMENTS = /(\/(?:reset-password|password-reset|rsvp|calendar-feeds)\/)[^/?#]+?(\.ics)?(?=[/?#]|$)/gi;

/** A URL as the log writes it: every link token replaced by `<redacted>` (a feed keeps its `.ics`). */
export const redactedUrl = (url: string): string =>
  url.replace(SECRET_SEGMENTS, (_, prefix: string, ics = '') => `${prefix}<redacted>${ics}`);

/**
 * The logger's options with the request serializer that masks link tokens: every line a request
 * writes ("incoming request", errors with `req`) shows the URL through redactedUrl, beside the
 * fields Fastify's own serializer logs.
 */
export function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactedUrl(request.url),
        version: request.headers['accept-version'] as string | undefined,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** A plugin's onSend hook for answers no cache may keep (a token, a secret, someone's sign-in). */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
