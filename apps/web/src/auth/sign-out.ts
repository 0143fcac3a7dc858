import { logout } from '../api/auth';
import { queryClient } from '../query-client';
import { clearAccessToken } from './session-store';

let signingOut: Promise<void> | null = null;

/**
 * Calls logout; only on success forgets the token and every cached answer (docs/product.md §4), which sends
 * the shell to the sign-in page. One call at a time.
 */
export function signOut(): Promise<void> {
  signingOut ??= logout()
    .then(() => {
      queryClient.clear();
      clearAccessToken('signed-out');
    })
    .finally(() => {
      signingOut = null;
    });
  return signingOut;
}
