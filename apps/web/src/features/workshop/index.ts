import type { DemandDetail } from '@think-tank/contracts';
import { api } from '../../lib/api-client';
import { withTexts } from '../../lib/i18n';
import { workshopKeys } from './api/workshop-keys';

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
  demand: (id: string) => {
    // Asked for at once, not after the module that caches it: on a slow network, one round trip sooner.
    const answer = api<DemandDetail>(workshopKeys.detail(id));
    answer.catch(() => undefined); // a failure is the screen's to show, once its hook asks again
    return import('./api/workshop-api').then((m) => m.preloadDemand(id, answer));
  },
};
