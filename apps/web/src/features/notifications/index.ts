import { withTexts } from '../../lib/i18n';

/** What the rest of the app may use of notifications; everything else stays inside. */

/** The navigation bar's bell, loaded after the first paint (it opens a socket). */
export const loadNotificationBell = () => import('./components/NotificationBell');

/** The profile's e-mail notification switches. */
export { MailPreferences } from './components/MailPreferences';

/** The feature's screens for the router, each its own chunk, with its texts. */
export const notificationsPages = /* @__PURE__ */ withTexts('notifications', {
  unsubscribe: () => import('./pages/UnsubscribePage'),
});
