import type { Role } from './roles';

export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
/** What an account can be signed in through besides its password and number: the OAuth providers and WeChat. */
export type IdentityProvider = OAuthProvider | 'wechat';

/** Values of `authError` on the web app's third-party callback (customer-area §8). */
export const AuthError = {
  google: 'google_failed',
  github: 'github_failed',
  wechat: 'wechat_failed',
  tokenGeneration: 'token_generation',
  authenticationFailed: 'authentication_failed',
} as const;

export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
export const EMAIL_CODE_MAX_TRIES = 5;
export const RESEND_SPACING_SECONDS = 60;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;
export const OAUTH_EXCHANGE_CODE_TTL_SECONDS = 60;

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
  /**
   * The form's checkbox: true records the versions of the terms and the privacy policy in force; false is refused
   * (termsRequired). A client that sends none registers an account asked to accept at its first visit.
   */
  acceptedTerms?: boolean;
}
export interface VerifyEmailRequest {
  email: string;
  code: string;
}
export interface LoginRequest {
  /** A username or an e-mail address. */
  username: string;
  password: string;
}
export interface RefreshRequest {
  refresh_token: string;
}
export interface ForgotPasswordRequest {
  email: string;
}
/** PUT /api/auth/password: answered with a new session; every other one ends (contract §11). */
/** The current password; or, for an account without one (its first password), a `set-password` confirmation code. */
export interface ChangePasswordRequest {
  currentPassword?: string;
  code?: string;
  newPassword: string;
}

/** A new address for the account, proven with its password (POST /api/auth/email-change). */
export interface EmailChangeRequest {
  newEmail: string;
  password: string;
}

/** The code mailed to the new address (POST /api/auth/email-change/verify). */
export interface EmailChangeVerifyRequest {
  code: string;
}

/**
 * Deleting the account (DELETE /api/users/me): its password, or for an account that has none (signed up with a
 * provider) its username, typed out.
 */
/** A password for an account with one; else the code POST /api/users/me/deletion-code mailed (contract §12). */
export interface DeleteAccountRequest {
  password?: string;
  code?: string;
}

export interface ResetPasswordRequest {
  token: string;
  email: string;
  newPassword: string;
}

export interface SessionUser {
  id: string;
  username: string;
  /** Null for an account made by a phone number or WeChat that never gave one. */
  email: string | null;
  role: Role;
}
export interface TokenPair {
  access_token: string;
  refresh_token: string;
}
export interface SessionResponse extends TokenPair {
  user: SessionUser;
  message: string;
}
export interface MessageResponse {
  message: string;
}
export interface MeResponse extends SessionUser {
  isPaid: boolean;
  /** VIP in the workshop: the role, or a live period of a VIP plan (fees waived, the plan's start-ups). */
  isVip: boolean;
  allowances: Allowances;
  /** False for an account made by a phone number or a provider sign-in and never given a password. */
  hasPassword: boolean;
  /** The terms or the privacy policy in force is not the version the user accepted (or none was): ask again. */
  termsToAccept: boolean;
  /** The bound mobile number, masked (`+86 138****8000`), or null (contract §12). */
  phone: string | null;
  /** The providers the account signs in through (`['wechat', 'github', …]`). */
  identities: string[];
}

/** What the account may still use (contract §11); null where unlimited or not applicable. */
export interface Allowances {
  /** Distinct solutions a paid reader may open a day (Asia/Shanghai day). */
  dailyViewLimit: number | null;
  dailyViewsLeft: number | null;
  /** Demands a VIP may still start without the start-up fee: the role's quota and the live VIP periods'. */
  vipStartupsLeft: number | null;
}
/** The sign-in ways this server offers: the OAuth providers with their keys, SMS codes, WeChat (contract §12). */
export type ProvidersResponse = Record<OAuthProvider, boolean> & { sms: boolean; wechat: boolean };
export interface RedirectResponse {
  redirectUrl: string;
}

/** A signed-in device (GET /api/users/me/sessions): one session, from its sign-in to its last refresh. */
export interface DeviceSession {
  id: string;
  /** The browser's User-Agent when it signed in (null when it sent none). */
  userAgent: string | null;
  signedInAt: string;
  lastUsedAt: string;
  /** The session of the request that asked. */
  current: boolean;
}

/** What an SMS code is for (contract §12): signing in (or up) by the number, or binding it to the signed-in account. */
export const SMS_PURPOSES = ['login', 'bind'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
/** Seconds before the same number may be sent another code. */
export const SMS_COOLDOWN_SECONDS = 60;

export interface SmsCodeRequest {
  phone: string;
  purpose: SmsPurpose;
}
export interface SmsCodeResponse {
  cooldownSeconds: number;
}
export interface SmsLoginRequest {
  phone: string;
  code: string;
  /** Needed only when the number opens a new account. */
  acceptedTerms?: boolean;
}
export interface BindPhoneRequest {
  phone: string;
  code: string;
}

/** What a confirmation code of an account without a password stands in for (contract §12). */
export const CONFIRMATION_PURPOSES = ['delete-account', 'set-password'] as const;
export type ConfirmationPurpose = (typeof CONFIRMATION_PURPOSES)[number];
export interface ConfirmationCodeRequest {
  purpose: ConfirmationPurpose;
}
