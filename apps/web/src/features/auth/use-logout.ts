import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { flash } from '../../lib/flash';
import { session } from '../../lib/session';
import { useForgetCachedData } from '../../lib/swr-cache';
import { authApi } from './api/auth-api';

/**
 * Logout (customer-area §4): revoke the refresh family, clear the session and cached data, go home, say so.
 * `everywhere` first ends every session of the account on the server (other devices included); `ended` does so by
 * another call (deleting the account), with its own notice. If that call fails it throws and this device stays
 * signed in, so the user can try again.
 */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgetCachedData = useForgetCachedData();
  return async ({
    everywhere = false,
    ended,
  }: { everywhere?: boolean; ended?: { by: () => Promise<unknown>; notice: string } } = {}) => {
    if (ended) await ended.by();
    else if (everywhere) await authApi.logoutEverywhere();
    const { refreshToken } = session.read();
    session.clear('logout');
    void navigate('/');
    forgetCachedData();
    flash.show(ended?.notice ?? t(everywhere ? 'flash.loggedOutEverywhere' : 'flash.loggedOut'));
    if (everywhere || ended) return;
    // The server side is best effort: the local session is gone whatever it answers.
    if (refreshToken) await authApi.logout(refreshToken).catch(() => undefined);
  };
}
