import type { VitalReport } from '@think-tank/contracts';
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';

/**
 * Real-user vitals (issue 38): a sampled page load reports its LCP, INP and CLS to POST /api/vitals, under the
 * route pattern it landed on (one the server does not list counts as "other"). Loaded after the first screen, and
 * only by the sampled loads (main.tsx): nothing on the first load. A beacon leaves with the page; nobody waits.
 */
export function reportVitals(route: string): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const send = ({ name, value }: Metric) => {
    if (name !== 'LCP' && name !== 'INP' && name !== 'CLS') return;
    const report = { name, value: name === 'CLS' ? value : value / 1000, route } as VitalReport;
    navigator.sendBeacon('/api/vitals', new Blob([JSON.stringify(report)], { type: 'application/json' }));
  };
  onLCP(send);
  onINP(send);
  onCLS(send);
}
