import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** What Tab may stop at inside the dialog. */
const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the browser's own <dialog> (showModal): the page behind is inert and the dialog sits
 * in the top layer. On top of that, as Headless UI's Dialog did before it (without its 20 KB): the
 * focus starts on the first control and Tab keeps going round inside; Escape or a press outside
 * the panel asks `onClose`; closing gives the focus back to what had it. Rendered only while
 * `open`, so a closed dialog leaves nothing in the page. The page does not scroll meanwhile
 * (index.css).
 *
 * `className` styles the <dialog>, which covers the window: the panel is a child, and a press on
 * the dialog itself (around the panel) is a press outside. `backdrop:` classes style the dim.
 */
interface DialogProps {
  onClose: () => void;
  className: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

export function ModalDialog({ open, ...props }: DialogProps & { open: boolean }) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ onClose, className, children, ...labels }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOutside = useRef(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    dialog.showModal();
    return () => {
      // Closed before React removes it: the page behind stops being inert and can take the focus.
      dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here, not by the browser's own close, so `onClose` decides (it may refuse).
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.getClientRects().length > 0,
    );
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return event.preventDefault();
    const at = document.activeElement;
    if (event.shiftKey && (at === first || at === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && at === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      {...labels}
      className={className}
      onKeyDown={onKeyDown}
      // A close request other than Escape (a phone's back gesture) goes through `onClose` too.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        pressedOutside.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOutside.current && event.target === event.currentTarget) onClose();
        pressedOutside.current = false;
      }}
    >
      {children}
    </dialog>
  );
}
