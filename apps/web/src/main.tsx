import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter, routes } from './app/router';
import { fetchFirstScreen } from './app/screen';
import { setSessionExpiredHandler } from './lib/api-client';
import { initI18n } from './lib/i18n';

await initI18n();
await fetchFirstScreen(routes, window.location);
const router = createRouter();
// A failed refresh sends the user to log in again, unless they are already there (customer-area §4).
setSessionExpiredHandler(() => {
  if (router.state.location.pathname !== '/login') void router.navigate('/login?session_expired=true');
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
