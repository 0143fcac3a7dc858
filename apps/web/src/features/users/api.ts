import type { MyProfile, User } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, update } from '../../api/resources';

const SECTION = 'users';

export const userKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
};

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => get<User>(SECTION, id, signal),
  });

/** PATCH /api/users/{id}/my-profile: the signed-in user's own name, contact details and password. */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: MyProfile }) =>
      update<User>(SECTION, id, changes, 'my-profile'),
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
