import { errorMessage } from '../api/errors';
import type { BulkActionResult } from '@ritim/shared';
import { toast } from './toast';
import { translateMessage } from '../i18n';

/**
 * The toasts of an action that answers `{ success, message }` (the bulk actions, the message-group
 * sync, one report), one mechanism for all (docs/product.md §8).
 */

/** An answer: the server's message, green, or red with its reason, else the action's default. */
export function toastResult(result: BulkActionResult, fallback: string) {
  if (result.success) toast.success(translateMessage(result));
  else toast.error(result.message ? translateMessage(result) : fallback);
}

/**
 * A thrown failure (a refusal such as 'The file transport has no message groups', the network, a
 * server fault): always the action's prefix ('Error sending reminders:') and then the reason, in
 * the current language, else the default.
 */
export function actionFailure(error: unknown, prefix: string, fallback: string): string {
  return `${translateMessage(prefix)} ${errorMessage(error, fallback)}`;
}

/** `actionFailure` as a red toast. */
export function toastFailure(error: unknown, prefix: string, fallback: string) {
  toast.error(actionFailure(error, prefix, fallback));
}
