/** What other features may use of auth; everything else stays inside. */
export { useMe } from './api/auth-api';
export { useSession } from './api/use-session';
export { TermsPrompt } from './components/TermsPrompt';
export { useLogout } from './use-logout';
