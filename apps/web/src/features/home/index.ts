/** What the rest of the app may use of home: its screens, each its own chunk, loaded on first visit. */
export const homePages = {
  home: () => import('./pages/HomePage'),
};
