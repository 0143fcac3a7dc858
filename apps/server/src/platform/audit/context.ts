import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request a change is made in: its id, and whoever it signed in as (read when a row is written). */
const requests = new AsyncLocalStorage<FastifyRequest>();

/**
 * Every request runs in its own context, so a write deep in a service records who made it and in
 * which request without being handed either. The access check signs the user in after this hook,
 * so the actor is read from the request when a row is written. The request's id (Fastify's,
 * taken from the client's `x-request-id` when it sends one) goes back as the `x-request-id` header:
 * the audit log's rows of one request carry it (docs/domain.md#audit-log).
 */
export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    requests.run(request, done);
  });
}

/** Who is acting and in which request; no request (a job) has neither. */
export function currentActor(): { actor: { id: number; username: string } | null; requestId: string | null } {
  const request = requests.getStore();
  const user = request?.sessionUser;
  return { actor: user ? { id: user.id, username: user.username } : null, requestId: request?.id ?? null };
}
