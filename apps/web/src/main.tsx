import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router-dom';
import { AppRoutes, routes } from './app/router';
import { fetchFirstScreen } from './app/screen';
import { VITALS_SAMPLE_RATE } from '@think-tank/contracts';
import { firstScreenSettled } from './lib/first-screen';
import { initI18n } from './lib/i18n';

await initI18n();
await fetchFirstScreen(routes, window.location);

// Rendered as a transition, the first screen is built in slices that let the browser answer a tap in between,
// rather than in one long task (50–70 ms on this machine for the home page's results, four times that on a phone).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  ),
);

// One page load in ten reports its vitals (lib/web-vitals.ts), under the pattern of the route it landed on.
if (Math.random() < VITALS_SAMPLE_RATE) {
  const landed = matchRoutes(routes, window.location)?.at(-1)?.route.path ?? 'other';
  void firstScreenSettled()
    .then(() => import('./lib/web-vitals'))
    .then((vitals) => vitals.reportVitals(landed));
}
