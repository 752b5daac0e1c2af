import { WebRoute } from '@think-tank/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { refreshSession } from '../lib/api-client';
import { isLive, session } from '../lib/session';
import { PageSpinner } from '../components/PageSpinner';
import { useSession } from '../lib/use-session';

/**
 * The login guard: a live access token passes; an expired one is refreshed once, silently; otherwise the
 * stored session is removed and the user goes to /login, which brings them back here afterwards.
 * A user who logs out while on a guarded page goes home instead.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { token, refreshToken } = useSession();
  const live = isLive(token);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const wasSignedIn = useRef(live);
  if (live) wasSignedIn.current = true;

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
  // Logging out of a guarded page leads home, like logging out anywhere else; a session that ended any
  // other way (a refused refresh) is the session-expired flow of customer-area §4, like the fetch client's.
  if (wasSignedIn.current && session.endedBy() === 'logout') return <Navigate to={WebRoute.home} replace />;
  if (wasSignedIn.current || refreshFailed)
    return <Navigate to={`${WebRoute.login}?session_expired=true`} replace state={{ from: location }} />;
  return <Navigate to={WebRoute.login} replace state={{ from: location }} />;
}
