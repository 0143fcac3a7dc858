import { PAGE_SIZE } from '@ritim/shared';
import type {
  ApplyCoverPlan,
  Availability,
  CoverCandidates,
  CoverPlan,
  CoverPlanResult,
  CreateTimeOffInput,
  EventOccurrence,
  PutAvailability,
  TimeOff,
  TimeOffResult,
} from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { invalidateOccurrences, OCCURRENCES } from '../../api/occurrences';
import { create, list, type PageQuery } from '../../api/resources';

/**
 * Working hours, time off and cover (docs/domain.md#cover): the queries and changes of
 * /api/users/{id}/availability, /api/time-off and a session's cover.
 */
const SECTION = 'time-off';

export const coverKeys = {
  timeOff: [SECTION] as const,
  timeOffLists: () => [SECTION, 'list'] as const,
  timeOffList: (query: PageQuery) => [SECTION, 'list', query] as const,
  /** The sessions a stored time off affects (asked again as a dry run). */
  affected: (timeOff: TimeOff) => [SECTION, 'affected', timeOff.id, timeOff.from, timeOff.to] as const,
  plan: (id: number) => [SECTION, 'plan', id] as const,
  availability: (userId: number) => ['users', 'availability', userId] as const,
  /** Under the occurrences' keys: every change to occurrences reads them again. */
  candidates: (occurrenceId: number) => [OCCURRENCES, 'cover-candidates', occurrenceId] as const,
  needsCover: (days: number) => [OCCURRENCES, 'needs-cover', days] as const,
};

/** GET /api/time-off: a page (admins every user's, editors their own: the server decides). */
export const timeOffListQuery = (query: PageQuery) =>
  queryOptions({
    queryKey: coverKeys.timeOffList(query),
    queryFn: ({ signal }) => list<TimeOff>(SECTION, { limit: query.limit, offset: query.offset }, signal),
  });

const timeOffInput = (timeOff: TimeOff): CreateTimeOffInput => ({
  userId: timeOff.user.id,
  from: timeOff.from,
  to: timeOff.to,
  reason: timeOff.reason,
});

/** The sessions a stored time off affects now: the same days asked as a dry run (nothing stored). */
export const affectedQuery = (timeOff: TimeOff) =>
  queryOptions({
    queryKey: coverKeys.affected(timeOff),
    queryFn: () => create<TimeOffResult>(SECTION, { ...timeOffInput(timeOff), dryRun: true }),
  });

/** POST /api/time-off with `dryRun: true`: the sessions it would affect; stores nothing. */
export function usePreviewTimeOff() {
  return useMutation({
    mutationFn: (input: CreateTimeOffInput) => create<TimeOffResult>(SECTION, { ...input, dryRun: true }),
  });
}

/** POST /api/time-off: records it (it cancels nothing); the lists and what needs cover read again. */
export function useCreateTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTimeOffInput) => create<TimeOffResult>(SECTION, { ...input, dryRun: false }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: coverKeys.timeOff });
      await invalidateOccurrences(queryClient);
    },
  });
}

/** DELETE /api/time-off/{id}: the covers given for it stay. */
export function useDeleteTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeOff: TimeOff) => apiRequest<unknown>(`${SECTION}/${timeOff.id!}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: coverKeys.timeOff });
      await invalidateOccurrences(queryClient);
    },
  });
}

/** GET /api/time-off/{id}/cover-plan: the best free substitute per affected session. */
export const coverPlanQuery = (id: number) =>
  queryOptions({
    queryKey: coverKeys.plan(id),
    queryFn: ({ signal }) => apiRequest<CoverPlan>(`${SECTION}/${id}/cover-plan`, { signal }),
    retry: false,
  });

/** POST /api/time-off/{id}/cover-plan: every assignment or none; the sessions change everywhere. */
export function useApplyCoverPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: number; plan: ApplyCoverPlan }) =>
      apiRequest<CoverPlanResult>(`${SECTION}/${id}/cover-plan`, { method: 'POST', body: plan }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: coverKeys.timeOff });
      await invalidateOccurrences(queryClient);
    },
  });
}

/** GET /api/event-occurrences/{id}/cover-candidates: the free editors, best first. */
export const candidatesQuery = (occurrenceId: number) =>
  queryOptions({
    queryKey: coverKeys.candidates(occurrenceId),
    queryFn: ({ signal }) => apiRequest<CoverCandidates>(`${OCCURRENCES}/${occurrenceId}/cover-candidates`, { signal }),
    retry: false,
  });

/** POST /api/event-occurrences/{id}/cover: the session is the substitute's from now on. */
export function useCoverOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      occurrenceId,
      organiserId,
      notify,
    }: {
      occurrenceId: number;
      organiserId: number;
      notify: boolean;
    }) =>
      apiRequest<EventOccurrence>(`${OCCURRENCES}/${occurrenceId}/cover`, {
        method: 'POST',
        body: { organiserId, notify },
      }),
    onSuccess: async () => {
      await invalidateOccurrences(queryClient);
      await queryClient.invalidateQueries({ queryKey: coverKeys.timeOff });
    },
  });
}

/** DELETE /api/event-occurrences/{id}/cover: back to its event's organiser. */
export function useGiveBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ occurrenceId, notify }: { occurrenceId: number; notify: boolean }) =>
      apiRequest<unknown>(`${OCCURRENCES}/${occurrenceId}/cover`, {
        method: 'DELETE',
        query: notify ? undefined : { notify: 'false' },
      }),
    onSuccess: async () => {
      await invalidateOccurrences(queryClient);
      await queryClient.invalidateQueries({ queryKey: coverKeys.timeOff });
    },
  });
}

/** GET /api/event-occurrences/needs-cover: the sessions whose organiser is away, without cover. */
export const needsCoverQuery = (days: number) =>
  queryOptions({
    queryKey: coverKeys.needsCover(days),
    queryFn: ({ signal }) =>
      apiRequest<{ eventOccurrences: EventOccurrence[]; totalCount: number }>(`${OCCURRENCES}/needs-cover`, {
        query: { days, limit: PAGE_SIZE },
        signal,
      }),
  });

/** GET /api/users/{id}/availability: the user's week of working hours, in their zone. */
export const availabilityQuery = (userId: number) =>
  queryOptions({
    queryKey: coverKeys.availability(userId),
    queryFn: ({ signal }) => apiRequest<Availability>(`users/${userId}/availability`, { signal }),
  });

/** PUT /api/users/{id}/availability: the whole week, replacing the one before. */
export function useSaveAvailability(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PutAvailability) =>
      apiRequest<Availability>(`users/${userId}/availability`, { method: 'PUT', body: input }),
    onSuccess: (answer) => {
      queryClient.setQueryData(coverKeys.availability(userId), answer);
    },
  });
}
