import type {
  CalendarFeed,
  CreateUser,
  MyProfile,
  MyProfileAnswer,
  RecoveryCodes,
  TwoFactorSetup,
  UpdateUser,
  User,
} from '@ritim/shared';
import { MAX_LIMIT } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { create, get, list, remove, update } from '../../api/resources';
import { setAccessToken } from '../../auth/session-store';
import type { ListQuery } from '../../components/list-page';

const SECTION = 'users';

export const userKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: ListQuery) => [SECTION, 'list', query] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
  calendarFeed: (id: number) => [SECTION, 'calendar-feed', id] as const,
};

export const userListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => list<User>(SECTION, query, signal),
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => get<User>(SECTION, id, signal),
  });

export const deleteUser = (user: User) => remove(SECTION, user.id);

/** A record the user form offers as a choice (a group, a message group). */
export interface NamedChoice {
  id: number;
  name: string;
}

/**
 * The choices of the user form: GET /api/groups?limit=1000 (active groups; archived ones are not
 * offered, docs/domain.md) and GET /api/message-groups?limit=1000.
 */
export const choicesQuery = (section: 'groups' | 'message-groups') =>
  queryOptions({
    queryKey: [section, 'choices'] as const,
    queryFn: ({ signal }) => list<NamedChoice>(section, { limit: MAX_LIMIT }, signal),
    retry: false,
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUser) => create<User>(SECTION, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    // One's own password is not changed here (the form offers My profile instead, the server refuses it).
    mutationFn: ({ id, changes }: { id: number; changes: UpdateUser }) => update<User>(SECTION, id, changes),
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

/**
 * PATCH /api/users/{id}/my-profile: the signed-in user's own name, contact details and password
 * (a new one with the current one). A new password ends every session of the account on the
 * server, this browser's too: the answer brings the access token of a new one (and its refresh
 * cookie), kept here so the user goes on where they are.
 */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: MyProfile }) => {
      const { accessToken, ...user } = await update<MyProfileAnswer>(SECTION, id, changes, 'my-profile');
      if (accessToken) setAccessToken(accessToken);
      return user satisfies User;
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

/** GET /api/users/{id}/calendar-feed: the user's secret .ics address (the first call creates it). */
export const calendarFeedQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.calendarFeed(id),
    queryFn: ({ signal }) => apiRequest<CalendarFeed>(`${SECTION}/${id}/calendar-feed`, { signal }),
    retry: false,
  });

/** POST /api/users/{id}/calendar-feed/reset: a new address; the old one stops working. */
export function useResetCalendarFeed(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>(`${SECTION}/${id}/calendar-feed/reset`, { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(userKeys.calendarFeed(id), feed),
  });
}

/** After two-factor sign-in changed: the user's `twoFactorEnabled`, wherever users are shown. */
const refreshUser = (queryClient: ReturnType<typeof useQueryClient>, id: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  ]);

/** POST /api/users/{id}/two-factor/setup (yourself): a new secret for the authenticator app (docs/domain.md#two-factor). */
export function useSetUpTwoFactor(id: number) {
  return useMutation({
    mutationFn: () => apiRequest<TwoFactorSetup>(`${SECTION}/${id}/two-factor/setup`, { method: 'POST' }),
  });
}

/** POST /api/users/{id}/two-factor/enable: a code from the app turns it on; answers the recovery codes, once. */
export function useEnableTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<RecoveryCodes>(`${SECTION}/${id}/two-factor/enable`, { method: 'POST', body: { code } }),
    onSuccess: () => refreshUser(queryClient, id),
  });
}

/** POST /api/users/{id}/two-factor/disable: yourself with your password, or an admin for another user (no password). */
export function useDisableTwoFactor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password?: string) =>
      apiRequest<undefined>(`${SECTION}/${id}/two-factor/disable`, {
        method: 'POST',
        body: password === undefined ? undefined : { password },
      }),
    onSuccess: () => refreshUser(queryClient, id),
  });
}
