/** Paths of the web app (customer-area §2, demand-workshop §2), built in one place. */
export const WebRoute = {
  home: '/',
  solutions: '/solutions',
  solution: (id: string) => `/solutions/${encodeURIComponent(id)}/view`,
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  profile: '/profile',
  subscription: '/subscription',
  subscriptionManagement: '/subscription-management',
  payment: '/payment',
  /** The checkout for one more period of a plan (the expiry reminder's one-click renewal). */
  renewal: (planId: string) => `/payment?plan=${encodeURIComponent(planId)}`,
  paymentReturn: '/payment/return',
  paymentAlipayReturn: '/payment/alipay/return',
  requirements: '/requirements',
  newRequirement: '/requirements/new',
  demandList: '/demand-list',
  demandStore: '/demand-store',
  demand: (id: string) => `/demand-store/${encodeURIComponent(id)}`,
  demandLab: (labName: string, path = '') =>
    `/demand-lab/${encodeURIComponent(labName)}${path ? `/${path}` : ''}`,
  minimalTest: '/minimal-test',
  admin: '/admin',
  oauthLoading: (provider: string) => `/auth/${provider}/loading`,
  oauthCallback: (provider: string) => `/auth/${provider}/callback`,
} as const;
