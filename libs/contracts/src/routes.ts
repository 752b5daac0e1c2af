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
  paymentReturn: '/payment/return',
  paymentAlipayReturn: '/payment/alipay/return',
  requirements: '/requirements',
  oauthLoading: (provider: string) => `/auth/${provider}/loading`,
  oauthCallback: (provider: string) => `/auth/${provider}/callback`,
} as const;
