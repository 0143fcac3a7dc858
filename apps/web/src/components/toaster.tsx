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
      // In the top bar, between the menu button and the user menu: a page's main buttons (Create at
      // the title's right, Save under a form, Approve Schedule under the day) are all below it, so a
      // toast never covers the button that was just pressed or the one to press next.
      position="top-center"
      offset={{ top: 8 }}
      mobileOffset={{ top: 8, left: 56, right: 56 }}
      containerAriaLabel={t('toast.area')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
    />
  );
}
