import { LinkButton } from '../../../components/LinkButton';
import { WebRoute, type MeResponse } from '@think-tank/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMyVipApplication } from '../api/vip-api';
import { useLogout } from '../use-logout';
import { BindPhoneForm } from './BindPhoneForm';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DataExport } from './DataExport';
import { DeleteAccount } from './DeleteAccount';
import { SignedInDevices } from './SignedInDevices';
import { WechatLink } from './WechatLink';

/** The account page's profile and security section: who the account is, how it signs in, its devices. */
export function AccountSecurity({
  me,
  errorMessage,
}: {
  me: MeResponse;
  errorMessage: (err: unknown) => string;
}) {
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

/** The account page's privacy section: the data export and deleting the account. */
export function AccountPrivacy({ me }: { me: MeResponse }) {
  return (
    <>
      <DataExport />
      <DeleteAccount hasPassword={me.hasPassword} />
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
