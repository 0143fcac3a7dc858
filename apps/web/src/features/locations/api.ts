import type { CreateLocation, Location, RecordStatus } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { create, get, list, remove, update } from '../../api/resources';
import type { ListQuery } from '../../components/list-page';

const SECTION = 'locations';

export const locationKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: ListQuery) => [SECTION, 'list', query] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
};

export const locationListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: locationKeys.list(query),
    queryFn: ({ signal }) => list<Location>(SECTION, query, signal),
  });

export const locationQuery = (id: number) =>
  queryOptions({
    queryKey: locationKeys.detail(id),
    queryFn: ({ signal }) => get<Location>(SECTION, id, signal),
  });

export const deleteLocation = (location: Location) => remove(SECTION, location.id);

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLocation) => create<Location>(SECTION, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.lists() }),
  });
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: { name?: string; status?: RecordStatus } }) =>
      update<Location>(SECTION, id, changes),
    onSuccess: async (location) => {
      queryClient.setQueryData(locationKeys.detail(location.id), location);
      await queryClient.invalidateQueries({ queryKey: locationKeys.lists() });
    },
  });
}
