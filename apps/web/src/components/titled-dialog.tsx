import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import { ModalDialog } from './modal-dialog';

/**
 * A centred modal with a title, a close button, its content and an optional row of buttons (the
 * calendar's session details and move confirmation): it keeps the focus inside while open, closes
 * on Escape or outside, and gives the focus back to what opened it.
 */
export function TitledDialog({
  open,
  onClose,
  title,
  testId,
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      data-testid={testId}
      className="fixed inset-0 m-0 size-full max-h-none max-w-none justify-center overflow-y-auto bg-transparent p-4 open:flex backdrop:bg-slate-900/40"
    >
      {/* Auto margins, not align-items, put it at the bottom (phone) or the middle: a dialog taller than
          the window then starts at its top and scrolls, where items-end would push its top out of reach. */}
      <div className="relative mt-auto w-full max-w-lg rounded-lg bg-white shadow-xl ring-1 ring-slate-900/10 sm:mb-auto">
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-4 sm:px-6">
          <h2 id={titleId} className="min-w-0 text-base font-semibold break-words text-slate-900">
            {title}
          </h2>
          {/* The first control, so the focus starts on it: Enter or Escape leaves without doing anything. */}
          <button
            type="button"
            onClick={onClose}
            className="-m-1.5 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <span className="sr-only">{t('common.close')}</span>
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="px-4 py-4 sm:px-6">{children}</div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-4 py-3 sm:px-6">{footer}</div>
        )}
      </div>
    </ModalDialog>
  );
}
