import type {
  BindPhoneRequest,
  ConfirmationPurpose,
  SmsCodeRequest,
  SmsCodeResponse,
  SmsLoginRequest,
  AcceptTermsRequest,
  AdminPage,
  LegalVersions,
  ChangePasswordRequest,
  DeleteAccountRequest,
  DeviceSession,
  EmailChangeRequest,
  EmailChangeVerifyRequest,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  OAuthProvider,
  ProvidersResponse,
  RedirectResponse,
  RegisterRequest,
  ResetPasswordRequest,
  SessionResponse,
  UnlockedSolution,
  VerifyEmailRequest,
} from '@think-tank/contracts';
import useSWR from 'swr';
import { prefetch } from '../../../lib/prefetch';
import { api, apiDownload } from '../../../lib/api-client';
import { apiKey } from '../../../lib/api-key';
import { inWechatBrowser } from '../../../lib/user-agent';
import { fetchMe, ME_KEY } from '../../../lib/use-me';
export { useMe } from '../../../lib/use-me';

export const authKeys = { me: ME_KEY, providers: '/api/auth/providers' } as const;

const post = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body, anonymous: true });

export const authApi = {
  login: (body: LoginRequest) => post<SessionResponse>('/api/auth/login', body),
  smsCode: (body: SmsCodeRequest) => post<SmsCodeResponse>('/api/auth/sms-code', body),
  loginBySms: (body: SmsLoginRequest) => post<SessionResponse>('/api/auth/login/sms', body),
  bindPhone: (body: BindPhoneRequest) =>
    api<{ phone: string }>('/api/users/me/phone', { method: 'POST', body }),
  register: (body: RegisterRequest) => post<MessageResponse>('/api/auth/register', body),
  verifyEmail: (body: VerifyEmailRequest) => post<SessionResponse>('/api/auth/verify-email', body),
  resendVerification: (email: string) =>
    post<MessageResponse>('/api/auth/resend-verification-email', { email }),
  forgotPassword: (body: ForgotPasswordRequest) => post<MessageResponse>('/api/auth/forgot-password', body),
  resetPassword: (body: ResetPasswordRequest) => post<MessageResponse>('/api/auth/reset-password', body),
  logout: (refreshToken: string) => post<void>('/api/auth/logout', { refresh_token: refreshToken }),
  logoutEverywhere: () => api<void>('/api/auth/logout-all', { method: 'POST' }),
  exportData: () => apiDownload('/api/users/me/export', 'think-tank-export.json'),
  changePassword: (body: ChangePasswordRequest) =>
    api<SessionResponse>('/api/auth/password', { method: 'PUT', body }),
  requestEmailChange: (body: EmailChangeRequest) =>
    api<MessageResponse>('/api/auth/email-change', { method: 'POST', body }),
  confirmEmailChange: (body: EmailChangeVerifyRequest) =>
    api<MessageResponse>('/api/auth/email-change/verify', { method: 'POST', body }),
  signOutDevice: (id: string) =>
    api<void>(`/api/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  acceptTerms: (body: AcceptTermsRequest) => api<void>('/api/auth/accept-terms', { method: 'POST', body }),
  sendConfirmationCode: (purpose: ConfirmationPurpose) =>
    api<MessageResponse>('/api/users/me/confirmation-code', { method: 'POST', body: { purpose } }),
  deleteAccount: (body: DeleteAccountRequest) => api<void>('/api/users/me', { method: 'DELETE', body }),
  oauthStart: (provider: OAuthProvider) => post<RedirectResponse>(`/api/auth/${provider}`),
  wechatStart: () => post<RedirectResponse>('/api/auth/wechat', { inWechat: inWechatBrowser() }),
  linkWechat: () =>
    api<RedirectResponse>('/api/users/me/identities/wechat', {
      method: 'POST',
      body: { inWechat: inWechatBrowser() },
    }),
  unlinkWechat: () => api<void>('/api/users/me/identities/wechat', { method: 'DELETE' }),
  exchange: (code: string) => post<SessionResponse>('/api/auth/exchange', { code }),
  me: fetchMe,
  providers: () => api<ProvidersResponse>(authKeys.providers, { anonymous: true }),
};

/** The signed-in devices (live sessions), the last used first. */
export const useDevices = () =>
  useSWR('/api/users/me/sessions', (path: string) => api<DeviceSession[]>(path), {
    revalidateOnFocus: false,
  });

/** The versions of the terms and the privacy policy in force, while `enabled` (the terms prompt is open). */
export const useLegalVersions = (enabled: boolean) =>
  useSWR(enabled ? '/api/site/legal' : null, (path: string) => api<LegalVersions>(path, { anonymous: true }));

/** A page of the solutions the user unlocked with single views and can still read. */
export const UNLOCKED_PAGE_SIZE = 10;
export function useUnlocked(page: number) {
  return useSWR(apiKey('/api/users/me/unlocked', { page, pageSize: UNLOCKED_PAGE_SIZE }), (path: string) =>
    api<AdminPage<UnlockedSolution>>(path),
  );
}

/** What the login and requirement screens open on, asked for alongside their code (fetchFirstScreen in app/screen.tsx). */
export const preloadProviders = () => prefetch(authKeys.providers, authApi.providers);

export function useProviders() {
  return useSWR(authKeys.providers, authApi.providers, { revalidateOnFocus: false });
}
