import type { Role } from '@ritim/shared';
import { messages } from '@ritim/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { SessionVersions } from './sign-in-versions.js';
import type { AccessTokens, SessionUser } from './tokens.js';

/** Who may call a route: anyone, or signed-in users holding one of the roles. */
export type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every API route with who may call it, as registered (tests and docs read it). */
    accessTable: { method: string; url: string; access: Access }[];
  }
}

/** The signed-in user of a route that declared roles (always set there). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError(401, messages.notSignedIn);
  return request.sessionUser;
}

/**
 * The requireRole of every API route: each route states `config.access`, a route without one
 * cannot even be registered, and the check runs before validation and the handler: a valid token
 * of a session still on (sign-in-versions.ts), holding one of the roles.
 */
export function registerAccessControl(app: FastifyInstance, tokens: AccessTokens, sessions: SessionVersions): void {
  app.decorateRequest('sessionUser', null);
  const table: FastifyInstance['accessTable'] = [];
  app.decorate('accessTable', table);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (!isApi) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method.toString()} ${route.url} does not declare config.access`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new AppError(401, messages.notSignedIn);
    const user = await tokens.verify(token);
    // A token signed before a password change or reset (or of an account since deactivated) is refused.
    if (!user || !(await sessions.accepts(request, user))) throw new AppError(401, messages.sessionExpired);
    if (!access.includes(user.role)) throw new AppError(403, messages.forbidden);
    request.sessionUser = user;
  });
}

/** Refuses requests another site made the browser send (the refresh cookie must not ride on them). */
export function assertSameOrigin(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError(403, messages.crossSite);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const hostOf = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return undefined;
    }
  };
  // Both sides through URL, so default ports compare equal (http://x:80 is x).
  const host = hostOf(origin);
  const expected = hostOf(`${request.protocol}://${request.headers.host ?? ''}`);
  if (!host || host !== expected) throw new AppError(403, messages.crossSite);
}
