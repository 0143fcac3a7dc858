import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { toast } from './toast';
import { refreshAccessToken } from '../api/client';
import { returnPath, type LoginState } from '../auth/return-path';
import { canOpenMatches } from '../auth/route-access';
import { useSession, type SessionStatus } from '../auth/session-store';
import { translateMessage } from '../i18n';
import { AccessDenied } from './access-denied';
import { FullPageStatus } from './full-page-status';
import { Shell } from './shell';

/**
 * Session start (docs/product.md §4): without a token, try a refresh; on success the shell appears, on
 * failure go to /login carrying the requested path. A session that expired mid-way goes there
 * too, saying why.
 */
function SessionStart({ status, reason }: { status: SessionStatus; reason?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnPath(location.pathname + location.search + location.hash);

  useEffect(() => {
    const toLogin = () => void navigate('/login', { replace: true, state: { from } satisfies LoginState });
    if (status === 'expired') {
      const error = reason ? translateMessage(reason) : t('errors.unknown');
      toast.error(t('errors.anErrorOccurred', { error }), { id: 'session-expired' });
      toLogin();
      return;
    }
    let active = true;
    refreshAccessToken().catch(() => {
      if (active) toLogin();
    });
    return () => {
      active = false;
    };
  }, [status, reason, from, navigate, t]);

  return <FullPageStatus label={t('app.checkingSession')} />;
}

/**
 * The screen, or 'Access denied' when a route on the way declares roles this user lacks (the
 * server refuses their calls anyway; this spares them a failing screen).
 */
function RoleGate({ role }: { role: string }) {
  const matches = useMatches();
  return canOpenMatches(role, matches) ? <Outlet /> : <AccessDenied />;
}

export function RootLayout() {
  const session = useSession();
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  if (!session.isAuthenticated) return <SessionStart status={session.status} reason={session.reason} />;
  return (
    <Shell>
      <ScrollRestoration />
      <RoleGate role={session.role} />
    </Shell>
  );
}
