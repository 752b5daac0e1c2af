import { LinkButton } from '../../../components/LinkButton';
import { WebRoute, type MeResponse } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Container, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { AccountNav } from '../../../components/AccountNav';
import { BindPhoneForm } from '../components/BindPhoneForm';
import { PageSpinner } from '../../../components/PageSpinner';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../api/auth-api';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { DataExport } from '../components/DataExport';
import { UnlockedSolutions } from '../components/UnlockedSolutions';
import { ChangeEmailForm } from '../components/ChangeEmailForm';
import { DeleteAccount } from '../components/DeleteAccount';
import { SignedInDevices } from '../components/SignedInDevices';
import { WechatLink } from '../components/WechatLink';
import { FavouritesList, HistoryList } from '../../solutions';
import { MailPreferences } from '../../notifications';
import { useMyVipApplication } from '../api/vip-api';
import { useLogout } from '../use-logout';

/** The account's sections (contract §12: a person finds each on a phone), each at its own address. */
const SECTIONS = ['security', 'library', 'notifications', 'privacy'] as const;
type Section = (typeof SECTIONS)[number];

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

  return (
    <Container className="tt-page">
      <div className="mx-auto" style={{ maxWidth: 720 }}>
        <AccountNav />
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h1 className="h4 mb-4">{t(`profile.sections.${section}`)}</h1>
            {isLoading ? (
              <PageSpinner label={t('profile.loading')} />
            ) : error ? (
              <Alert variant="danger">{errorMessage(error)}</Alert>
            ) : !me ? (
              <Alert variant="secondary">{t('profile.empty')}</Alert>
            ) : (
              <SectionBody section={section as Section} me={me} errorMessage={errorMessage} />
            )}
          </Card.Body>
        </Card>
      </div>
    </Container>
  );
}

function SectionBody({
  section,
  me,
  errorMessage,
}: {
  section: Section;
  me: MeResponse;
  errorMessage: (err: unknown) => string;
}) {
  if (section === 'library')
    return (
      <>
        <UnlockedSolutions />
        <FavouritesList />
        <HistoryList />
      </>
    );
  if (section === 'notifications') return <MailPreferences />;
  if (section === 'privacy')
    return (
      <>
        <DataExport />
        <DeleteAccount hasPassword={me.hasPassword} />
      </>
    );
  return (
    <>
      <AccountSummary me={me} />
      <BindPhoneForm phone={me.phone} />
      <WechatLink linked={me.identities.includes('wechat')} />
      <ChangeEmailForm hasPassword={me.hasPassword} />
      <ChangePasswordForm hasPassword={me.hasPassword} />
      <SignedInDevices />
      <LogoutEverywhere errorMessage={errorMessage} />
    </>
  );
}

/** Who the account is and what it may use now; the way to the plans and orders. */
function AccountSummary({ me }: { me: MeResponse }) {
  const { t } = useTranslation('account');
  return (
    <>
      <dl className="row mb-0">
        <dt className="col-sm-4">{t('profile.username')}</dt>
        <dd className="col-sm-8">{me.username || t('profile.notSet')}</dd>
        <dt className="col-sm-4">{t('profile.email')}</dt>
        <dd className="col-sm-8">
          {me.email ?? <span className="text-secondary">{t('profile.noEmail')}</span>}
        </dd>
        <dt className="col-sm-4">{t('profile.role')}</dt>
        <dd className="col-sm-8">
          <Badge bg={me.role === 'Free' ? 'secondary' : 'primary'}>{me.role || 'Free'}</Badge>
        </dd>
        <dt className="col-sm-4">{t('profile.paid')}</dt>
        <dd className="col-sm-8">{me.isPaid ? t('profile.isPaid') : t('profile.isFree')}</dd>
        {me.allowances.dailyViewLimit !== null && (
          <>
            <dt className="col-sm-4">{t('profile.viewsToday')}</dt>
            <dd className="col-sm-8" data-testid="views-left">
              {t('profile.viewsLeft', {
                left: me.allowances.dailyViewsLeft,
                limit: me.allowances.dailyViewLimit,
              })}
            </dd>
          </>
        )}
        {me.allowances.vipStartupsLeft !== null && (
          <>
            <dt className="col-sm-4">{t('profile.vipStartups')}</dt>
            <dd className="col-sm-8" data-testid="vip-startups-left">
              {t('profile.startupsLeft', { count: me.allowances.vipStartupsLeft })}
            </dd>
          </>
        )}
        {me.role === 'Free' && <VipApplicationRow />}
      </dl>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <LinkButton to={WebRoute.subscriptionManagement}>{t('profile.subscription')}</LinkButton>
        <LinkButton to={WebRoute.myOrders} variant="outline-primary">
          {t('profile.orders')}
        </LinkButton>
      </div>
    </>
  );
}

/** Signing out of every device at once. */
function LogoutEverywhere({ errorMessage }: { errorMessage: (err: unknown) => string }) {
  const { t } = useTranslation('account');
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);
  const [leaveError, setLeaveError] = useState<unknown>();
  const logoutEverywhere = async () => {
    setLeaving(true);
    setLeaveError(undefined);
    try {
      await logout({ everywhere: true });
    } catch (err) {
      setLeaveError(err);
      setLeaving(false);
    }
  };
  return (
    <>
      <hr className="my-4" />
      {leaveError !== undefined && <Alert variant="danger">{errorMessage(leaveError)}</Alert>}
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Button variant="outline-danger" disabled={leaving} onClick={() => void logoutEverywhere()}>
          {leaving && <Spinner animation="border" size="sm" className="me-2" />}
          {leaving ? t('profile.loggingOutEverywhere') : t('profile.logoutEverywhere')}
        </Button>
        <span className="small text-secondary">{t('profile.logoutEverywhereHint')}</span>
      </div>
    </>
  );
}

/** Where the user's VIP application stands, with the way to it (Free users only: others are VIP or staff). */
function VipApplicationRow() {
  const { t } = useTranslation('account');
  const { data, error } = useMyVipApplication();
  const application = data?.application;
  const status = !application
    ? t('vip.statusNone')
    : application.status === 'pending'
      ? t('vip.statusPending')
      : application.status === 'approved'
        ? t('vip.statusApproved')
        : t('vip.statusRejected', { reason: application.decisionNote ?? '' });
  return (
    <>
      <dt className="col-sm-4">{t('vip.status')}</dt>
      <dd className="col-sm-8 d-flex flex-wrap align-items-center gap-2">
        {error ? <span className="text-danger">{t('vip.loadFailed')}</span> : data && <span>{status}</span>}
        <LinkButton to={WebRoute.vipApplication} size="sm" variant="outline-primary">
          {application?.status === 'pending' ? t('vip.view') : t('vip.apply')}
        </LinkButton>
      </dd>
    </>
  );
}
