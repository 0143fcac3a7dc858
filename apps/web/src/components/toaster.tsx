import { TOAST_DURATION_MS } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/** The toast area (docs/product.md §2): green for success, red for errors, gone after 3 s or when closed. */
export function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      richColors
      closeButton
      duration={TOAST_DURATION_MS}
      position="top-right"
      // Below the top bar, so a toast never hides the user menu.
      offset={{ top: 76, right: 24 }}
      mobileOffset={{ top: 72 }}
      containerAriaLabel={t('toast.area')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
    />
  );
}
