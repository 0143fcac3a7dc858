import type { Rsvp, RsvpAnswer } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { publicRequest } from '../../api/client';
import { ApiError } from '../../api/errors';

/** A guest's answer through their link (docs/domain.md#rsvp): no sign-in, the token is the credential. */
const rsvpPath = (token: string) => `rsvp/${encodeURIComponent(token)}`;

export const rsvpQuery = (token: string) =>
  queryOptions({
    queryKey: ['rsvp', token] as const,
    queryFn: () => publicRequest<Rsvp>(rsvpPath(token)),
    // A 404 or a 409 is an answer, not a hiccup.
    retry: false,
  });

/** POST the answer; the page shows what the server answered. */
export function useAnswerRsvp(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: RsvpAnswer) => publicRequest<Rsvp>(rsvpPath(token), { method: 'POST', body: answer }),
    onSuccess: (rsvp) => queryClient.setQueryData(rsvpQuery(token).queryKey, rsvp),
    // Refused because the session started or was cancelled meanwhile: the page reads it again and says so.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: rsvpQuery(token).queryKey });
    },
  });
}
