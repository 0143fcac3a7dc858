import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { codedText, codeOfReceivedText, Message, messages, type Text } from '@ritim/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import path from 'node:path';
import type { BackgroundWork } from './background.js';
import { AppError } from './errors.js';
import { unstorableText } from '../lib/unstorable-text.js';

/**
 * The HTTP layer every feature stands on (docs/architecture.md#api-contract): graceful shutdown,
 * body parsing and validation with coded messages, the error and not-found answers, security
 * headers, cookies, the OpenAPI document and the built web app.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Stops taking requests (503), waits for those in flight and the work they started, then closes. */
    shutdown(timeoutMs?: number): Promise<void>;
    /** Resolves when the work requests started after answering (platform/background.ts) is done. */
    idle(): Promise<void>;
  }
}

/** One validation issue as fastify-type-provider-zod reports it. */
interface ValidationIssue {
  message?: string;
  keyword?: string;
  instancePath?: string;
  params?: { expected?: unknown };
}

/**
 * A validation issue as one readable line. The schemas' own texts name their field ('Id must be a
 * positive whole number'); zod's generic ones ('Invalid input: expected number, received NaN') get
 * the field, or the part of the request, they are about. zod keeps only the text of a schema's
 * message: a section's text gets its code back from its catalog, any other is common.invalidInput.
 */
export function validationMessage(issue: ValidationIssue, context?: string): Text {
  const message = issue.message ?? messages.invalidRequest;
  if (!/^(Invalid|Too (small|big)|Unrecognized key)/.test(message)) {
    const code = codeOfReceivedText(message);
    return code ? new Message(code, message) : messages.invalidInput({ problem: message });
  }
  const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || (context ?? 'request');
  const expected = issue.params?.expected;
  if (issue.keyword === 'invalid_type' && typeof expected === 'string') {
    return messages.mustBeType({ field, expected });
  }
  return messages.invalidField({ field, problem: message });
}

/**
 * Why the safe parser refused a JSON body: text that plain JSON reads was refused for a key that
 * could reach an object's prototype (`__proto__`, `constructor.prototype`), anything else is not JSON.
 */
function jsonRefusal(body: string): Text {
  try {
    JSON.parse(body);
    return messages.prototypeKey;
  } catch {
    return messages.invalidJson;
  }
}

/** Graceful shutdown (`app.shutdown()`) and `app.idle()`. */
export function registerShutdown(app: FastifyInstance, background: BackgroundWork): void {
  // Graceful shutdown: from the moment it starts, new requests get 503 while the ones in flight
  // finish; only then does the server stop listening and the database close (onClose hooks).
  let draining = false;
  const inFlight = new Set<object>();
  app.addHook('onRequest', async (request, reply) => {
    if (draining) return reply.code(503).header('connection', 'close').send(codedText(messages.shuttingDown));
    inFlight.add(request);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    inFlight.delete(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    inFlight.delete(request);
    done();
  });
  app.decorate('idle', () => background.idle());
  app.decorate('shutdown', async (timeoutMs = 10_000) => {
    draining = true;
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    await background.idle();
    await app.close();
  });
}

/** Validation, JSON bodies, text PostgreSQL cannot store, and the error answers: once, for every route. */
export function registerRequestHandling(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The web client sends DELETE and logout with a JSON content type and no body: an empty JSON
  // body is no body, anything else goes through Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    void parseJson(request, body as string, (error, value) =>
      error ? done(new AppError(400, jsonRefusal(body as string)), undefined) : done(null, value),
    );
  });

  // Text PostgreSQL cannot store (U+0000, a lone surrogate): refused once, for every route, before validation.
  app.addHook('preValidation', async (request) => {
    const problem = unstorableText(request.body) ?? unstorableText(request.query) ?? unstorableText(request.params);
    if (problem) throw new AppError(400, problem);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation as ValidationIssue[];
      return reply
        .code(400)
        .send(codedText(first ? validationMessage(first, error.validationContext) : messages.invalidRequest));
    }
    if (error instanceof AppError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(codedText(messages.requestRefused({ reason: error.message })));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(codedText(messages.internalError));
  });
}

/**
 * Security headers, cookies, the OpenAPI document at /api/docs, and, given the built web app's
 * folder, its files and its page for every client-side route.
 */
export async function registerHttpPlugins(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const servesWeb = webRoot !== null;
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes get the app's page; a missing file (an old asset, say) is a plain 404.
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage =
      servesWeb && request.method === 'GET' && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    return reply.code(404).send(codedText(messages.routeNotFound));
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'] } },
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ritim API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** The built web app's files (after the API routes: a path the API has is never a file). */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null): Promise<void> {
  if (webRoot !== null) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
}
