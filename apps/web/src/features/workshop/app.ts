import type { DemandDetail, DemandEventPayload } from '@think-tank/contracts';
import { askAtOnce } from '../../lib/first-screen';
import { withTexts } from '../../lib/i18n';
import { demandEventsPath, workshopKeys } from './api/workshop-keys';

/**
 * What the app's frame and router use of workshop: its screens and the data they open on. A face apart from index.ts,
 * which names what other features' screens use: everything the first load imports goes with it (docs/architecture.md#walls).
 */

/** The feature's screens for the router, each its own chunk with its texts, loaded when its route is first visited. */
export const workshopPages = /* @__PURE__ */ withTexts('workshop', {
  requirements: () => import('./pages/RequirementsPage'),
  demandList: () => import('./pages/DemandListPage'),
  demandDetail: () => import('./pages/DemandDetailPage'),
  demandLab: () => import('./pages/DemandLabPage'),
  shared: () => import('./pages/SharedDemandPage'),
  minimalTest: () => import('./pages/MinimalTestPage'),
});

/** The data the feature's screens open on, for a first visit to ask for alongside their code. */
export const workshopData = {
  demand: (id: string) => {
    // With its stored events, which the live panel shows: otherwise asked for only once the page has rendered.
    const answer = askAtOnce<DemandDetail>(workshopKeys.detail(id));
    const events = askAtOnce<DemandEventPayload[]>(demandEventsPath(id, 0));
    return import('./api/workshop-api').then((m) => m.preloadDemand(id, answer, events));
  },
};
