import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, routes } from './app/router';
import { fetchFirstScreen } from './app/screen';
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
