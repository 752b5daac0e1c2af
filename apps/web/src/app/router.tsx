import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
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

const home = () => import('../features/home/pages/HomePage');
const login = () => import('../features/auth/pages/LoginPage');
const solution = () => import('../features/solutions/pages/SolutionPage');
const paymentReturn = () => import('../features/billing/pages/PaymentReturnPage');
const requirements = () => import('../features/workshop/pages/RequirementsPage');
const demandList = () => import('../features/workshop/pages/DemandListPage');
const demandLab = () => import('../features/workshop/pages/DemandLabPage');

/** The route tables of customer-area §2 and demand-workshop §2; other paths show the not-found screen. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: page(home) },
      { path: '/solutions', element: page(home) },
      { path: '/solutions/:solutionId', element: page(solution) },
      { path: '/solutions/:solutionId/view', element: page(solution) },
      { path: '/login', element: page(login) },
      { path: '/auth/login', element: page(login) },
      { path: '/auth/:provider/callback', element: page(login) },
      {
        path: '/auth/:provider/loading',
        element: page(() => import('../features/auth/pages/OAuthLoadingPage')),
      },
      { path: '/register', element: page(() => import('../features/auth/pages/RegisterPage')) },
      { path: '/contact', element: page(() => import('../features/contact/pages/ContactPage')) },
      { path: '/forgot-password', element: page(() => import('../features/auth/pages/ForgotPasswordPage')) },
      { path: '/reset-password', element: page(() => import('../features/auth/pages/ResetPasswordPage')) },
      { path: '/profile', element: page(() => import('../features/auth/pages/ProfilePage'), signedIn) },
      {
        path: '/profile/orders',
        element: page(() => import('../features/billing/pages/MyOrdersPage'), signedIn),
      },
      {
        path: '/subscription',
        element: page(() => import('../features/billing/pages/SubscriptionPlansPage'), signedIn),
      },
      {
        path: '/subscription-management',
        element: page(() => import('../features/billing/pages/SubscriptionManagementPage'), signedIn),
      },
      { path: '/payment', element: page(() => import('../features/billing/pages/CheckoutPage'), signedIn) },
      { path: '/payment/return', element: page(paymentReturn) },
      { path: '/payment/alipay/return', element: page(paymentReturn) },
      { path: '/requirements', element: page(requirements, signedIn) },
      { path: '/requirements/new', element: page(requirements, signedIn) },
      { path: '/demand-list', element: page(demandList, signedIn) },
      { path: '/demand-store', element: page(demandList, signedIn) },
      {
        path: '/demand-store/:id',
        element: page(() => import('../features/workshop/pages/DemandDetailPage'), signedIn),
      },
      { path: '/demand-lab/:labName', element: page(demandLab, signedIn) },
      { path: '/demand-lab/:labName/*', element: page(demandLab, signedIn) },
      {
        path: '/minimal-test',
        element: page(() => import('../features/workshop/pages/MinimalTestPage'), signedIn),
      },
      { path: '/admin', element: page(() => import('../features/admin/pages/AdminPage'), signedIn) },
      { path: '*', element: page(() => import('./NotFoundPage')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
