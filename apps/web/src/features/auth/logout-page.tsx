import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/toast';
import { ApiError, errorMessage } from '../../api/errors';
import { returnPath, type LoginState } from '../../auth/return-path';
import { signOut } from '../../auth/sign-out';
import { FullPageStatus } from '../../components/full-page-status';
import { translateMessage } from '../../i18n';

/**
 * /logout, the user menu's Sign out: on success the session ends and the shell goes to the sign-in
 * page; on failure the user stays signed in, back where they were, with the reason (docs/product.md §8).
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const back = returnPath((location.state as LoginState | null)?.from);

  useEffect(() => {
    let active = true;
    signOut().catch((error: unknown) => {
      if (!active) return;
      const text =
        error instanceof ApiError && (error.status === 401 || error.status === 404)
          ? translateMessage(error)
          : t('errors.anErrorOccurred', {
              error: errorMessage(error),
            });
      toast.error(text, { id: 'sign-out-failed' });
      void navigate(back, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [back, navigate, t]);

  return <FullPageStatus label={t('auth.signingOut')} />;
}
