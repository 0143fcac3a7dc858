/** Asks the browser to confirm a destructive action (docs/product.md §5: deletes need a confirmation). */
export function confirmAction(message: string): boolean {
  return window.confirm(message);
}
