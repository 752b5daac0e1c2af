/** What the rest of the app may use of notifications; everything else stays inside. */

/** The navigation bar's bell, loaded after the first paint (it opens a socket). */
export const loadNotificationBell = () => import('./components/NotificationBell');
