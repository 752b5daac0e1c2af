import { WebRoute } from '@think-tank/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useSession } from '../lib/use-session';
import { loadNotificationBell } from '../features/notifications/app';
import { firstScreenSettled } from '../lib/first-screen';

const AccountMenu = lazy(() => import('./AccountMenu'));
// The bell and its socket client load only for signed-in users.
const NotificationBell = lazy(loadNotificationBell);

const navLink = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

/**
 * The 64 px bar of every page; on small screens its items fold into the toggle menu. Bootstrap's markup
 * rather than <Navbar>: that component brings its collapse animation, which would cost every first load
 * several KB; the menu simply opens and closes.
 */
export function NavigationBar() {
  const { t } = useTranslation();
  const { token, username } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  // The bell (with its socket) and the account menu wait for the first screen: its content comes first.
  const [extras, setExtras] = useState(false);
  useEffect(() => void firstScreenSettled().then(() => setExtras(true)), []);
  const greeting = <span className="navbar-text">{t('nav.greeting', { username })}</span>;
  return (
    <nav className="navbar navbar-expand-md bg-white fixed-top tt-navbar border-bottom shadow-sm">
      <div className="container">
        <Link to={WebRoute.home} className="navbar-brand fw-bold text-primary">
          {t('appName')}
        </Link>
        <button
          type="button"
          className={`navbar-toggler${open ? '' : ' collapsed'}`}
          aria-controls="tt-nav"
          aria-expanded={open}
          aria-label={t('nav.toggle')}
          onClick={() => setOpen(!open)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="tt-nav" className={`navbar-collapse collapse${open ? ' show' : ''}`}>
          <div className="navbar-nav me-auto">
            <NavLink to={WebRoute.solutions} className={navLink}>
              {t('nav.results')}
            </NavLink>
            <NavLink to={WebRoute.requirements} className={navLink}>
              {t('nav.requirements')}
            </NavLink>
            <NavLink to={WebRoute.subscription} className={navLink}>
              {t('nav.plans')}
            </NavLink>
          </div>
          <div className="navbar-nav">
            {token && username ? (
              extras ? (
                <Suspense fallback={greeting}>
                  <div className="d-flex align-items-md-center flex-column flex-md-row">
                    <NotificationBell />
                    <AccountMenu username={username} />
                  </div>
                </Suspense>
              ) : (
                greeting
              )
            ) : (
              <>
                <NavLink to={WebRoute.login} className={navLink}>
                  {t('nav.login')}
                </NavLink>
                <NavLink to={WebRoute.register} className={navLink}>
                  {t('nav.register')}
                </NavLink>
              </>
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}
