import type { PasswordResetInput, PasswordResetRequest } from '@ritim/shared';
import { useMutation } from '@tanstack/react-query';
import { publicRequest } from '../../api/client';

/** A forgotten password (docs/domain.md#password-reset): no sign-in; the link's token is the credential. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (request: PasswordResetRequest) =>
      publicRequest<{ message: string; code?: string }>('auth/password-reset', { method: 'POST', body: request }),
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      publicRequest<undefined>(`auth/password-reset/${encodeURIComponent(token)}`, { method: 'POST', body: input }),
  });
}
