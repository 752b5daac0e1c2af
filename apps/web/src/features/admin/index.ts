/** What the rest of the app may use of admin: its screens, each its own chunk, loaded on first visit. */
export const adminPages = {
  admin: () => import('./pages/AdminPage'),
};
