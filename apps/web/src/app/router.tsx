import { useEffect } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { adminPages } from '../features/admin/app';
import { authData, authPages } from '../features/auth/app';
import { billingData, billingPages } from '../features/billing/app';
import { contactPages } from '../features/contact/app';
import { homeData, homePages } from '../features/home/app';
import { notificationsPages } from '../features/notifications/app';
import { solutionsPages } from '../features/solutions/app';
import { workshopData, workshopPages } from '../features/workshop/app';
import { setSessionExpiredHandler } from '../lib/api-client';
import { Layout } from './Layout';
import { RouteErrorBoundary } from './RouteErrorPage';
import { screen } from './screen';
import { withTexts } from '../lib/i18n';

const signedIn = { signedIn: true };
/**
 * The account page, where auth, the library lists and the mail switches meet (app/profile), with the notifications'
 * texts too: a namespace it met only while rendering would suspend the page, and close a form opened meanwhile.
 */
const profilePage = /* @__PURE__ */ withTexts(['account', 'notifications'], {
  profile: () => import('./profile/ProfilePage'),
});
// The requirement form asks who the user is (VIP or not) and how they may pay.
const requirementsScreen = {
  signedIn: true,
  data: () => Promise.all([authData.me(), billingData.paymentOptions()]),
};

const { home } = homePages;
const { login } = authPages;
const { paymentReturn } = billingPages;
const { requirements, demandList, demandLab } = workshopPages;

/** The route tables of customer-area §2 and demand-workshop §2; other paths show the not-found screen. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', ...screen(home, { data: homeData.home }) },
      { path: '/solutions', ...screen(home, { data: homeData.home }) },
      { path: '/solutions/:solutionId', ...screen(solutionsPages.solution) },
      { path: '/solutions/:solutionId/view', ...screen(solutionsPages.solution) },
      { path: '/login', ...screen(login, { data: authData.providers }) },
      { path: '/auth/login', ...screen(login, { data: authData.providers }) },
      { path: '/auth/:provider/callback', ...screen(login) },
      {
        path: '/auth/:provider/loading',
        ...screen(authPages.oauthLoading),
      },
      { path: '/register', ...screen(authPages.register) },
      { path: '/contact', ...screen(contactPages.contact) },
      { path: '/terms', ...screen(contactPages.legal) },
      { path: '/privacy', ...screen(contactPages.legal) },
      { path: '/unsubscribe', ...screen(notificationsPages.unsubscribe) },
      { path: '/forgot-password', ...screen(authPages.forgotPassword) },
      { path: '/reset-password', ...screen(authPages.resetPassword) },
      { path: '/profile', ...screen(profilePage.profile, signedIn) },
      { path: '/profile/vip-application', ...screen(authPages.vipApplication, signedIn) },
      { path: '/profile/:section', ...screen(profilePage.profile, signedIn) },
      {
        path: '/profile/orders',
        ...screen(billingPages.myOrders, signedIn),
      },
      {
        path: '/subscription',
        ...screen(billingPages.plans, { signedIn: true, data: billingData.plans }),
      },
      {
        path: '/subscription-management',
        ...screen(billingPages.subscriptionManagement, signedIn),
      },
      { path: '/payment', ...screen(billingPages.checkout, signedIn) },
      { path: '/payment/return', ...screen(paymentReturn) },
      { path: '/payment/alipay/return', ...screen(paymentReturn) },
      { path: '/requirements', ...screen(requirements, requirementsScreen) },
      { path: '/requirements/new', ...screen(requirements, requirementsScreen) },
      { path: '/demand-list', ...screen(demandList, signedIn) },
      { path: '/demand-store', ...screen(demandList, signedIn) },
      {
        path: '/demand-store/:id',
        ...screen(workshopPages.demandDetail, {
          signedIn: true,
          data: (_, { id = '' }) => workshopData.demand(id),
        }),
      },
      { path: '/demand-lab/:labName', ...screen(demandLab, signedIn) },
      { path: '/demand-lab/:labName/*', ...screen(demandLab, signedIn) },
      { path: '/shared/:token', ...screen(workshopPages.shared) },
      {
        path: '/minimal-test',
        ...screen(workshopPages.minimalTest, signedIn),
      },
      { path: '/admin', ...screen(adminPages.admin, signedIn) },
      { path: '*', ...screen(() => import('./NotFoundPage')) },
    ],
  },
];

/**
 * The screens for the address (inside a BrowserRouter). React Router's declarative routes: the app uses none of its
 * data router (loaders, actions, fetchers), whose code was half the router's weight (17 KB gzip) on every first load.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A failed refresh sends the user to log in again, unless they are already there (customer-area §4).
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        if (window.location.pathname !== '/login') void navigate('/login?session_expired=true');
      }),
    [navigate],
  );
  // The outer boundary is for the frame itself (Layout's own boundary holds the screens).
  return <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
