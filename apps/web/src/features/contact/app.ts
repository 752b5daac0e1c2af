/**
 * What the app's frame and router use of contact: its screens. A face apart from index.ts, which names what other
 * features' screens use: everything the first load imports goes with it (docs/architecture.md#walls).
 */

/** The feature's screens for the router, each its own chunk, loaded when its route is first visited. */
export const contactPages = {
  contact: () => import('./pages/ContactPage'),
  legal: () => import('./pages/LegalPage'),
};
