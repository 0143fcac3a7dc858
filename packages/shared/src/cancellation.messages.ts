import { defineMessages } from './messages.js';

/** Texts of cancelling and restoring a session (docs/domain.md#cancellation). */
export const cancellationMessages = defineMessages('cancellation', {
  reasonRequired: 'A reason for the cancellation is required',
  reasonTooLong: 'The reason is at most 500 characters',
  notifyInvalid: 'notify must be true or false',
  completed: 'A completed session cannot be cancelled or restored',
  alreadyCancelled: 'This session is already cancelled',
  notCancelled: 'This session is not cancelled, so there is nothing to restore',
});
