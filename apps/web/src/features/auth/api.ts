import type { PasswordResetInput, PasswordResetLink, PasswordResetRequest } from '@ritim/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { publicRequest } from '../../api/client';

/** A forgotten password (docs/domain.md#password-reset): no sign-in; the link's token is the credential. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (request: PasswordResetRequest) =>
      publicRequest<{ message: string; code?: string }>('auth/password-reset', { method: 'POST', body: request }),
  });
}

/** Whether a reset link still works (and the language of its account), asked before the form shows. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', token],
    queryFn: () => publicRequest<PasswordResetLink>(`auth/password-reset/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      publicRequest<undefined>(`auth/password-reset/${encodeURIComponent(token)}`, { method: 'POST', body: input }),
  });
}
