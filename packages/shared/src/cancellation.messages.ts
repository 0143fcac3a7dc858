import { defineMessages } from './messages.js';

/** Texts of cancelling and restoring a session (docs/domain.md#cancellation). */
export const cancellationMessages = defineMessages('cancellation', {
  reasonRequired: 'A reason for the cancellation is required',
  completed: 'A completed session cannot be cancelled or restored',
  alreadyCancelled: 'This session is already cancelled',
  notCancelled: 'This session is not cancelled, so there is nothing to restore',
});
