/** English texts of cancelling and restoring a session (docs/product.md §11). */
export const cancellation = {
  cancel: 'Cancel session',
  dialogTitle: 'Cancel {{title}}',
  reason: 'Reason',
  reasonHint: 'Shown beside the session everywhere it is listed, and in the guests’ message.',
  reasonRequired: 'Give a reason for the cancellation',
  tellGuests: 'Tell the guests',
  tellGuestsHint: 'Each guest gets a message in their language through the configured transport.',
  keep: 'Keep the session',
  cancelled: 'Session cancelled',
  cancelFailed: 'The session could not be cancelled: {{error}}',
  confirmRestore: 'Restore {{title}} on {{time}}? It goes back to the status it had before it was cancelled.',
  restored: 'Session restored',
  restoreFailed: 'The session could not be restored: {{error}}',
  /** Beside a cancelled session in the lists and the calendar. */
  because: 'Cancelled: {{reason}}',
  reasonLabel: 'Why',
};
