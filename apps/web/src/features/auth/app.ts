import { withTexts } from '../../lib/i18n';

/**
 * What the app's frame and router use of auth: its screens, the data they open on, and the session the frame shows. A
 * face apart from index.ts, which names what other features' screens use: everything the first load imports goes with
 * it (docs/architecture.md#walls).
 */
export { useSession } from './api/use-session';

/** The feature's screens for the router, each its own chunk with its texts, loaded when its route is first visited. */
export const authPages = /* @__PURE__ */ withTexts('account', {
  login: () => import('./pages/LoginPage'),
  oauthLoading: () => import('./pages/OAuthLoadingPage'),
  register: () => import('./pages/RegisterPage'),
  forgotPassword: () => import('./pages/ForgotPasswordPage'),
  resetPassword: () => import('./pages/ResetPasswordPage'),
  vipApplication: () => import('./pages/VipApplicationPage'),
});

/**
 * The profile with the notifications' texts too (its mail switches): a namespace it met only while rendering would
 * suspend the whole page as it loads, and a form opened meanwhile would close under the reader.
 */
export const profilePage = /* @__PURE__ */ withTexts(['account', 'notifications'], {
  profile: () => import('./pages/ProfilePage'),
});

/** The data the feature's screens open on, for a first visit to ask for alongside their code. */
export const authData = {
  me: () => import('./api/auth-api').then((m) => m.preloadMe()),
  providers: () => import('./api/auth-api').then((m) => m.preloadProviders()),
};
