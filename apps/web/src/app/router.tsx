import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { adminPages } from '../features/admin';
import { authPages } from '../features/auth';
import { billingPages } from '../features/billing';
import { contactPages } from '../features/contact';
import { homePages } from '../features/home';
import { solutionsPages } from '../features/solutions';
import { workshopPages } from '../features/workshop';
import { Layout } from './Layout';
import { RequireAuth } from './RequireAuth';
import { RouteErrorPage } from './RouteErrorPage';

/** Each screen is its own chunk, loaded when its route is first visited. */
function page(
  load: () => Promise<{ default: ComponentType }>,
  guard?: (el: ReactNode) => ReactNode,
): ReactNode {
  const Page = lazy(load);
  const element = (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
  return guard ? guard(element) : element;
}
const signedIn = (el: ReactNode) => <RequireAuth>{el}</RequireAuth>;

const { home } = homePages;
const { login } = authPages;
const { paymentReturn } = billingPages;
const { requirements, demandList, demandLab } = workshopPages;

/** The route tables of customer-area §2 and demand-workshop §2; other paths show the not-found screen. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: page(home) },
      { path: '/solutions', element: page(home) },
      { path: '/solutions/:solutionId', element: page(solutionsPages.solution) },
      { path: '/solutions/:solutionId/view', element: page(solutionsPages.solution) },
      { path: '/login', element: page(login) },
      { path: '/auth/login', element: page(login) },
      { path: '/auth/:provider/callback', element: page(login) },
      {
        path: '/auth/:provider/loading',
        element: page(authPages.oauthLoading),
      },
      { path: '/register', element: page(authPages.register) },
      { path: '/contact', element: page(contactPages.contact) },
      { path: '/forgot-password', element: page(authPages.forgotPassword) },
      { path: '/reset-password', element: page(authPages.resetPassword) },
      { path: '/profile', element: page(authPages.profile, signedIn) },
      { path: '/profile/vip-application', element: page(authPages.vipApplication, signedIn) },
      {
        path: '/profile/orders',
        element: page(billingPages.myOrders, signedIn),
      },
      {
        path: '/subscription',
        element: page(billingPages.plans, signedIn),
      },
      {
        path: '/subscription-management',
        element: page(billingPages.subscriptionManagement, signedIn),
      },
      { path: '/payment', element: page(billingPages.checkout, signedIn) },
      { path: '/payment/return', element: page(paymentReturn) },
      { path: '/payment/alipay/return', element: page(paymentReturn) },
      { path: '/requirements', element: page(requirements, signedIn) },
      { path: '/requirements/new', element: page(requirements, signedIn) },
      { path: '/demand-list', element: page(demandList, signedIn) },
      { path: '/demand-store', element: page(demandList, signedIn) },
      {
        path: '/demand-store/:id',
        element: page(workshopPages.demandDetail, signedIn),
      },
      { path: '/demand-lab/:labName', element: page(demandLab, signedIn) },
      { path: '/demand-lab/:labName/*', element: page(demandLab, signedIn) },
      {
        path: '/minimal-test',
        element: page(workshopPages.minimalTest, signedIn),
      },
      { path: '/admin', element: page(adminPages.admin, signedIn) },
      { path: '*', element: page(() => import('./NotFoundPage')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
