/**
 * jsdom's <dialog> has no showModal or close: they open and close it in place, so screens with
 * dialogs render in unit tests (the browser tests check the real modal).
 */
export function openDialogsInPlace() {
  const prototype = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  if (typeof prototype.showModal !== 'function') {
    prototype.showModal = function (this: HTMLDialogElement) {
      this.open = true;
    };
  }
  if (typeof prototype.close !== 'function') {
    prototype.close = function (this: HTMLDialogElement) {
      this.open = false;
    };
  }
}
