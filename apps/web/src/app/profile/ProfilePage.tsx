import { WebRoute } from '@think-tank/contracts';
import { Alert, Card, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { AccountNav } from '../../components/AccountNav';
import { PageSpinner } from '../../components/PageSpinner';
import { AccountPrivacy, AccountSecurity, UnlockedSolutions } from '../../features/auth/profile';
import { MailPreferences } from '../../features/notifications';
import { FavouritesList, HistoryList } from '../../features/solutions';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/use-me';

/** The account's sections (contract §12: a person finds each on a phone), each at its own address. */
const SECTIONS = ['security', 'library', 'notifications', 'privacy'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The account page, composed here where features meet: auth's profile, security and privacy, the solutions' library
 * lists, and the notifications' mail switches.
 */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { section = 'security' } = useParams();
  const { data: me, error, isLoading } = useMe();
  if (!(SECTIONS as readonly string[]).includes(section)) return <Navigate to={WebRoute.profile} replace />;

  const errorMessage = (err: unknown) => {
    if (!(err instanceof ApiError)) return t('profile.requestFailed', { message: String(err) });
    if (err.status === 0) return t('errors.network');
    return err.body?.message ?? t('profile.serverError', { status: err.status });
  };

  let body;
  if (isLoading) body = <PageSpinner label={t('profile.loading')} />;
  else if (error) body = <Alert variant="danger">{errorMessage(error)}</Alert>;
  else if (!me) body = <Alert variant="secondary">{t('profile.empty')}</Alert>;
  else if ((section as Section) === 'library')
    body = (
      <>
        <UnlockedSolutions />
        <FavouritesList />
        <HistoryList />
      </>
    );
  else if (section === 'notifications') body = <MailPreferences />;
  else if (section === 'privacy') body = <AccountPrivacy me={me} />;
  else body = <AccountSecurity me={me} errorMessage={errorMessage} />;

  return (
    <Container className="tt-page">
      <div className="mx-auto" style={{ maxWidth: 720 }}>
        <AccountNav />
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h1 className="h4 mb-4">{t(`profile.sections.${section}`)}</h1>
            {body}
          </Card.Body>
        </Card>
      </div>
    </Container>
  );
}
