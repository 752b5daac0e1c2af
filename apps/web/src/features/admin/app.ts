import { withTexts } from '../../lib/i18n';

/** What the app's router uses of admin (its only face): its screens, each its own chunk, loaded on first visit. */
// The demands tab speaks of stages and statuses in the workshop's words.
export const adminPages = /* @__PURE__ */ withTexts(['admin', 'workshop'], {
  admin: () => import('./pages/AdminPage'),
});
