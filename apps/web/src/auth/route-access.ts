import { matchRoutes, type RouteObject } from 'react-router';
import { hasRole, type Audience } from './roles';

/**
 * What a route declares in its `handle`. `roles` limits who may open it and everything below it;
 * a route without it is open to every signed-in user. The sidebar and the in-shell guard both
 * read it, so a section declares its audience once, on its route.
 */
export interface RouteHandle {
  roles?: Audience;
}

function rolesOf(handle: unknown): Audience | undefined {
  if (typeof handle !== 'object' || handle === null || !('roles' in handle)) return undefined;
  return (handle as RouteHandle).roles;
}

/** Whether every matched route (a parent's limit covers its children) lets this role in. */
export function canOpenMatches(role: string, matches: readonly { handle?: unknown }[]): boolean {
  return matches.every((match) => {
    const roles = rolesOf(match.handle);
    return roles === undefined || hasRole(role, roles);
  });
}

/** Whether this role may open a path; a path no route matches is left to the not-found page. */
export function canOpenPath(role: string, routes: RouteObject[], path: string): boolean {
  const matches = matchRoutes(routes, path);
  return (
    !matches ||
    canOpenMatches(
      role,
      matches.map((match) => match.route),
    )
  );
}
