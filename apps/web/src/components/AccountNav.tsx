import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

/** The account's sections, each at an address of its own; on a phone the row scrolls sideways. */
export const ACCOUNT_SECTIONS = [
  ['security', '/profile'],
  ['billing', '/profile/orders'],
  ['library', '/profile/library'],
  ['notifications', '/profile/notifications'],
  ['privacy', '/profile/privacy'],
] as const;

export function AccountNav() {
  const { t } = useTranslation();
  return (
    <Nav
      variant="pills"
      className="flex-nowrap overflow-auto mb-4 pb-1 tt-account-nav"
      as="nav"
      aria-label={t('account.sections')}
    >
      {ACCOUNT_SECTIONS.map(([key, path]) => (
        <Nav.Item key={key}>
          <Nav.Link as={NavLink} to={path} end className="text-nowrap">
            {t(`account.${key}`)}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
