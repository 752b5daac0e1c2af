import { WebRoute } from '@think-tank/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { refreshSession } from '../lib/api-client';
import { secondsLeft, session } from '../lib/session';
import { PageSpinner } from '../components/PageSpinner';
import { useSession } from '../features/auth/api/use-session';

/**
 * The login guard: a live access token passes; an expired one is refreshed once, silently; otherwise the
 * stored session is removed and the user goes to /login, which brings them back here afterwards.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { token, refreshToken } = useSession();
  const live = (secondsLeft(token) ?? -1) > 5;
  const [refreshFailed, setRefreshFailed] = useState(false);

  useEffect(() => {
    if (live) return;
    if (!refreshToken) {
      if (token) session.clear();
      return;
    }
    let cancelled = false;
    void refreshSession().then((ok) => {
      if (cancelled || ok) return;
      session.clear();
      setRefreshFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [live, token, refreshToken]);

  if (live) return <>{children}</>;
  if (refreshToken && !refreshFailed) return <PageSpinner />;
  return <Navigate to={WebRoute.login} replace state={{ from: location }} />;
}
