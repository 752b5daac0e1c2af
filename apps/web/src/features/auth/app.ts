import { withTexts } from '../../lib/i18n';

// What the app's frame and router use of auth: its screens and the data they open on. A face apart from index.ts,
// which names what other features' screens use: everything the first load imports goes with it
// (docs/architecture.md#walls).

/** The feature's screens for the router, each its own chunk with its texts, loaded when its route is first visited. */
export const authPages = /* @__PURE__ */ withTexts('account', {
  login: () => import('./pages/LoginPage'),
  oauthLoading: () => import('./pages/OAuthLoadingPage'),
  register: () => import('./pages/RegisterPage'),
  forgotPassword: () => import('./pages/ForgotPasswordPage'),
  resetPassword: () => import('./pages/ResetPasswordPage'),
  vipApplication: () => import('./pages/VipApplicationPage'),
});

/** The data the feature's screens open on, for a first visit to ask for alongside their code. */
export const authData = {
  me: () => import('../../lib/use-me').then((m) => m.preloadMe()),
  providers: () => import('./api/auth-api').then((m) => m.preloadProviders()),
};
