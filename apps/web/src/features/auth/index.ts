/** What other features may use of auth; everything else stays inside. */
export { TermsPrompt } from './components/TermsPrompt';
export { useLogout } from './use-logout';
