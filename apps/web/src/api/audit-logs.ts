import type { AuditEntityType, AuditLog } from '@ritim/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryParams } from './client';
import { list } from './resources';

/** The audit log's query keys and queries: the Activity screen and the History panels read it. */

const SECTION = 'audit-logs';

/** A History panel's page: a few rows at a time, 'Show more' for the next. */
export const HISTORY_PAGE_SIZE = 10;

export const auditLogKeys = {
  all: [SECTION] as const,
  list: (params: QueryParams) => [SECTION, 'list', params] as const,
  history: (entityType: AuditEntityType, entityId: number) => [SECTION, 'history', entityType, entityId] as const,
};

/** GET /api/audit-logs (admins; docs/domain.md#audit-log): a page of rows, newest first. */
export const auditLogListQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: auditLogKeys.list(params),
    queryFn: ({ signal }) => list<AuditLog>(SECTION, params, signal),
    placeholderData: keepPreviousData,
    // Every write anywhere adds a row: never serve an older answer from the cache.
    staleTime: 0,
  });

/** Whose rows a record's History shows: an event's are its own and its sessions' (cancellations, marks...). */
const historyOf = (entityType: AuditEntityType, entityId: number): QueryParams =>
  entityType === 'events' ? { eventId: entityId } : { entityType, entityId };

/** One record's rows, newest first, a page at a time (the History panel's 'Show more'). */
export const auditHistoryQuery = (entityType: AuditEntityType, entityId: number) =>
  infiniteQueryOptions({
    queryKey: auditLogKeys.history(entityType, entityId),
    queryFn: ({ signal, pageParam }) =>
      list<AuditLog>(
        SECTION,
        { ...historyOf(entityType, entityId), limit: HISTORY_PAGE_SIZE, offset: pageParam },
        signal,
      ),
    initialPageParam: 0,
    staleTime: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((count, page) => count + page.items.length, 0);
      return shown < last.totalCount && last.items.length > 0 ? shown : undefined;
    },
  });
