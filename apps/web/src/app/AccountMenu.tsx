import { isStaff, WebRoute } from '@think-tank/contracts';
import { NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TermsPrompt, useLogout } from '../features/auth';
import { useSession } from '../lib/use-session';

/**
 * The signed-in user's menu, and the terms prompt every signed-in page may need; its own chunk, so visitors never
 * download the dropdown machinery.
 */
export default function AccountMenu({ username }: { username: string }) {
  const { t } = useTranslation(['common', 'account']);
  const logout = useLogout();
  const { role } = useSession();
  return (
    <>
      <TermsPrompt />
      <NavDropdown
        title={t('nav.greeting', { username })}
        id="tt-account"
        align="end"
        aria-label={t('nav.account')}
      >
        <NavDropdown.Item as={Link} to={WebRoute.profile}>
          {t('nav.profile')}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={WebRoute.subscriptionManagement}>
          {t('nav.subscription')}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={WebRoute.demandList}>
          {t('account:menu.demands')}
        </NavDropdown.Item>
        {isStaff(role) && (
          <NavDropdown.Item as={Link} to={WebRoute.admin}>
            {t('account:menu.admin')}
          </NavDropdown.Item>
        )}
        <NavDropdown.Divider />
        <NavDropdown.Item as="button" onClick={() => void logout()}>
          {t('nav.logout')}
        </NavDropdown.Item>
      </NavDropdown>
    </>
  );
}
