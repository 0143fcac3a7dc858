import { MAX_LIMIT } from '@ritim/shared';
import { queryOptions } from '@tanstack/react-query';
import { list } from './resources';

/** A group a form or a filter offers (the form editor's checklist, the Attendance screen's filter). */
export interface GroupChoice {
  id: number;
  name: string;
}

/**
 * The groups to choose from, fetched with the choice-list limit (docs/product.md §9). Under the
 * 'groups' key, so changes in the Groups section refresh it.
 */
export const groupChoicesQuery = () =>
  queryOptions({
    queryKey: ['groups', 'choices'] as const,
    queryFn: ({ signal }) => list<GroupChoice>('groups', { limit: MAX_LIMIT }, signal),
    retry: false,
  });
