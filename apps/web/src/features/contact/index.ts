/** What other features may use of contact; everything else stays inside. */
export { useSite } from './api/site-api';
export { SiteFooter } from './SiteFooter';
