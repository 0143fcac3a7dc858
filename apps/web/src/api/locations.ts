import { MAX_LIMIT } from '@ritim/shared';
import { queryOptions } from '@tanstack/react-query';
import { list } from './resources';

/** A place a form or a filter offers (the event form, the calendar's filter). */
export interface LocationChoice {
  id: number;
  name: string;
  status?: string;
}

export const locationChoicesQuery = () =>
  queryOptions({
    queryKey: ['locations', 'choices'] as const,
    queryFn: ({ signal }) => list<LocationChoice>('locations', { limit: MAX_LIMIT }, signal),
    retry: false,
  });
