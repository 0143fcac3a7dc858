/** Asks the browser to confirm a destructive action (spec §5: deletes need a confirmation). */
export function confirmAction(message: string): boolean {
  return window.confirm(message);
}
