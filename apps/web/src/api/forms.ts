import type { Form } from '@ritim/shared';
import { queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '../components/list-page';
import { get } from './resources';

/**
 * The forms' query keys and one form's query: the Forms section, Fill Form, Upcoming Events and
 * Home all read a form, so they live here rather than in one of those features.
 */

const SECTION = 'forms';

export const formKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: ListQuery) => [SECTION, 'list', query] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
};

export const formQuery = (id: number) =>
  queryOptions({
    queryKey: formKeys.detail(id),
    queryFn: ({ signal }) => get<Form>(SECTION, id, signal),
  });
