import { WebRoute, type SessionResponse } from '@think-tank/contracts';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../../components/AuthCard';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useForm } from '../../../lib/use-form';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { session } from '../../../lib/session';
import { useForgetCachedData } from '../../../lib/swr-cache';
import { destination, rememberDestination, rememberedDestination } from '../after-login';
import { authApi, useProviders } from '../api/auth-api';
import { OAuthButtons } from '../components/OAuthButtons';
import { PhoneSignIn } from '../components/PhoneSignIn';
import { TabStrip } from '../../../components/TabStrip';
import { currentLanguage } from '../../../lib/i18n';
import { inWechatBrowser } from '../../../lib/user-agent';

const AUTH_ERRORS: Record<string, string> = {
  wechat_failed: 'wechat',
  google_failed: 'google',
  google: 'google',
  github_failed: 'github',
  github: 'github',
  token_generation: 'token_generation',
  authentication_failed: 'authentication_failed',
};

export default function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const location = useLocation();
  const { provider } = useParams();
  const [params] = useSearchParams();
  const forgetCachedData = useForgetCachedData();
  const form = useForm({ username: '', password: '' }, (v) => ({
    username: v.username.trim() ? undefined : 'usernameRequired',
    password: v.password ? undefined : 'passwordRequired',
  }));
  // A failed third-party return or a failed resend says so above the forms.
  const [error, setError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const exchangeCode = provider ? params.get('code') : null;
  const [exchanging, setExchanging] = useState(Boolean(exchangeCode));
  // Chinese readers sign in by their number first (contract §12), where the server can text codes.
  const providers = useProviders().data;
  const smsOn = providers?.sms ?? false;
  const ways =
    currentLanguage() === 'zh' ? (['phone', 'password'] as const) : (['password', 'phone'] as const);
  const [way, setWay] = useState<'phone' | 'password'>(ways[0]);
  const exchanged = useRef(false);

  const signedIn = async (s: SessionResponse) => {
    session.save(s);
    forgetCachedData();
    navigate(destination(location), { replace: true });
  };

  // Third-party sign-in return: trade the one-time code for tokens (never tokens in the address).
  useEffect(() => {
    if (!exchangeCode || exchanged.current) return;
    exchanged.current = true;
    authApi
      .exchange(exchangeCode)
      .then(async (s) => {
        session.save(s);
        forgetCachedData();
        try {
          await authApi.me();
          navigate(rememberedDestination(), { replace: true });
        } catch {
          setError(t('login.fetchUserFailed'));
          setExchanging(false);
        }
      })
      .catch((e: unknown) => {
        setError(errorText(e, t, t('login.authError.generic')));
        setExchanging(false);
      });
  }, [exchangeCode, forgetCachedData, navigate, t]);

  const authError = params.get('authError');

  // Inside WeChat the sign-in is WeChat's own (contract §12): straight to its OAuth, unless it just failed.
  const wechatAtOnce = inWechatBrowser() && Boolean(providers?.wechat) && !exchangeCode && !authError;
  useEffect(() => {
    if (!wechatAtOnce) return;
    rememberDestination(location);
    navigate(WebRoute.oauthLoading('wechat'), { replace: true });
  }, [wechatAtOnce, location, navigate]);
  const authErrorText = authError ? t(`login.authError.${AUTH_ERRORS[authError] ?? 'generic'}`) : null;

  const submit = form.onSubmit(
    async (v) => {
      setError(null);
      setUnverifiedEmail(null);
      await signedIn(await authApi.login(v));
    },
    (err) => {
      if (err instanceof ApiError && err.status === 401 && err.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail((err.body?.email as string | undefined) ?? form.values.username);
        return null;
      }
      if (err instanceof ApiError && err.status === 401)
        return err.body?.message ?? t('login.invalidCredentials');
      return errorText(err, t, t('login.failed'), { server: t('errors.server') });
    },
  );

  const resend = async () => {
    if (!unverifiedEmail) return;
    setResending(true);
    try {
      await authApi.resendVerification(unverifiedEmail);
      navigate(WebRoute.register, {
        state: { emailFromLogin: unverifiedEmail, initialStep: 2, notice: t('login.resent') },
      });
    } catch (err) {
      setError(errorText(err, t, t('login.resendFailed')));
      setResending(false);
    }
  };

  if (exchanging)
    return (
      <AuthCard title={t('login.title')}>
        <div className="text-center text-secondary py-3" role="status">
          <Spinner animation="border" size="sm" className="me-2" />
          {t('login.oauthInProgress')}
        </div>
      </AuthCard>
    );

  return (
    <AuthCard title={t('login.title')}>
      {params.get('session_expired') === 'true' && (
        <Alert variant="warning">{t('login.sessionExpired')}</Alert>
      )}
      {authErrorText && !error && <Alert variant="danger">{authErrorText}</Alert>}
      {(error ?? form.error) && <Alert variant="danger">{error ?? form.error}</Alert>}
      {unverifiedEmail && (
        <Alert variant="warning">
          {t('login.notVerified', { email: unverifiedEmail })}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={resend} disabled={resending}>
            {resending ? t('login.resending') : t('login.resend')}
          </Button>
        </Alert>
      )}
      {smsOn && (
        <TabStrip
          tabs={ways}
          active={way}
          label={(k) => t(k === 'phone' ? 'phone.tab' : 'phone.passwordTab')}
          onSelect={setWay}
        />
      )}
      {smsOn && way === 'phone' ? (
        <PhoneSignIn signUp={false} onSignedIn={(s) => void signedIn(s)} />
      ) : (
        <Form noValidate onSubmit={submit}>
          <FormField
            form={form}
            name="username"
            id="login-username"
            label={t(smsOn ? 'login.identifierOrPhone' : 'login.identifier')}
            required
            autoComplete="username"
          />
          <FormField
            form={form}
            name="password"
            id="login-password"
            label={t('login.password')}
            required
            type="password"
            autoComplete="current-password"
          />
          <SubmitButton busy={form.submitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
        </Form>
      )}
      <OAuthButtons caption={t('login.or')} />
      <div className="d-flex justify-content-between mt-4 small">
        <Link to={WebRoute.forgotPassword}>{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to={WebRoute.register}>{t('login.register')}</Link>
        </span>
      </div>
      <div className="text-center mt-3 small">
        <Link to={WebRoute.home}>{t('login.home')}</Link>
      </div>
    </AuthCard>
  );
}
