import { useEffect } from 'react';
import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { flash, useFlash } from '../lib/flash';
import { NavigationBar } from './NavigationBar';
import { RouteErrorBoundary } from './RouteErrorPage';

export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const message = useFlash();
  // Every navigation starts at the top of the page (customer-area §2). Braces: newer browsers'
  // scrollTo returns a promise, which React must not receive as a clean-up.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <NavigationBar />
      {/* The page's own content is the main landmark: screen readers jump to it past the navigation. */}
      <main>
        {message && (
          <Container className="pt-3">
            {/* Plain markup rather than <Alert> and <CloseButton>: they would weigh on every first load. */}
            <div className="alert alert-success alert-dismissible mb-0" role="status">
              {message}
              <button
                type="button"
                className="btn-close"
                onClick={flash.dismiss}
                aria-label={t('flash.close')}
              />
            </div>
          </Container>
        )}
        {/* A screen that fails leaves the navigation bar in place, to go elsewhere. */}
        <RouteErrorBoundary pathname={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
    </>
  );
}
