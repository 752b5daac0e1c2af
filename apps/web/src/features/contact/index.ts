/** What other features may use of contact; everything else stays inside. */
export { useSite } from './api/site-api';
export { SiteFooter } from './SiteFooter';

/** The feature's screens for the router, each its own chunk, loaded when its route is first visited. */
export const contactPages = {
  contact: () => import('./pages/ContactPage'),
  legal: () => import('./pages/LegalPage'),
};
