import { withTexts } from '../../lib/i18n';

/** What the rest of the app may use of workshop: its screens, each its own chunk, loaded on first visit. */
export const workshopPages = /* @__PURE__ */ withTexts('workshop', {
  requirements: () => import('./pages/RequirementsPage'),
  demandList: () => import('./pages/DemandListPage'),
  demandDetail: () => import('./pages/DemandDetailPage'),
  demandLab: () => import('./pages/DemandLabPage'),
  minimalTest: () => import('./pages/MinimalTestPage'),
});

/** The data the feature's screens open on, for a first visit to ask for alongside their code. */
export const workshopData = {
  demand: (id: string) => import('./api/workshop-api').then((m) => m.preloadDemand(id)),
};
