import { withTexts } from '../../lib/i18n';

/**
 * What the app's frame and router use of notifications: the bell and its screen. A face apart from index.ts, which
 * names what other features' screens use: everything the first load imports goes with it (docs/architecture.md#walls).
 */

/** The navigation bar's bell, loaded after the first paint (it opens a socket). */
export const loadNotificationBell = () => import('./components/NotificationBell');

/** The feature's screens for the router, each its own chunk, with its texts. */
export const notificationsPages = /* @__PURE__ */ withTexts('notifications', {
  unsubscribe: () => import('./pages/UnsubscribePage'),
});
