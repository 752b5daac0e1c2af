/** What the rest of the app may use of workshop: its screens, each its own chunk, loaded on first visit. */
export const workshopPages = {
  requirements: () => import('./pages/RequirementsPage'),
  demandList: () => import('./pages/DemandListPage'),
  demandDetail: () => import('./pages/DemandDetailPage'),
  demandLab: () => import('./pages/DemandLabPage'),
  minimalTest: () => import('./pages/MinimalTestPage'),
};
