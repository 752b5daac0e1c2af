/** What other features may use of auth; everything else stays inside. */
export { useMe } from './api/auth-api';
export { useSession } from './api/use-session';
export { useLogout } from './use-logout';

/** The feature's screens for the router, each its own chunk, loaded when its route is first visited. */
export const authPages = {
  login: () => import('./pages/LoginPage'),
  oauthLoading: () => import('./pages/OAuthLoadingPage'),
  register: () => import('./pages/RegisterPage'),
  forgotPassword: () => import('./pages/ForgotPasswordPage'),
  resetPassword: () => import('./pages/ResetPasswordPage'),
  profile: () => import('./pages/ProfilePage'),
  vipApplication: () => import('./pages/VipApplicationPage'),
};
