import { WebRoute } from '@think-tank/contracts';
import { lazy, Suspense } from 'react';
import { Container, Nav, Navbar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useSession } from '../features/auth/api/use-session';

const AccountMenu = lazy(() => import('./AccountMenu'));

/** The 64 px bar of every page; on small screens its items fold into the toggle menu. */
export function NavigationBar() {
  const { t } = useTranslation();
  const { token, username } = useSession();
  return (
    <Navbar expand="md" bg="white" fixed="top" className="tt-navbar border-bottom shadow-sm" collapseOnSelect>
      <Container>
        <Navbar.Brand as={Link} to={WebRoute.home} className="fw-bold text-primary">
          {t('appName')}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="tt-nav" label={t('nav.toggle')} />
        <Navbar.Collapse id="tt-nav">
          <Nav className="me-auto">
            <Nav.Link as={NavLink} to={WebRoute.solutions} eventKey="results">
              {t('nav.results')}
            </Nav.Link>
          </Nav>
          <Nav>
            {token && username ? (
              <Suspense fallback={<Navbar.Text>{t('nav.greeting', { username })}</Navbar.Text>}>
                <AccountMenu username={username} />
              </Suspense>
            ) : (
              <>
                <Nav.Link as={NavLink} to={WebRoute.login} eventKey="login">
                  {t('nav.login')}
                </Nav.Link>
                <Nav.Link as={NavLink} to={WebRoute.register} eventKey="register">
                  {t('nav.register')}
                </Nav.Link>
              </>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
