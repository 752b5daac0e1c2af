/**
 * What the account page (app/profile, a lazy chunk) composes of auth: a face apart from index.ts, which the app's frame
 * imports, so that the account's forms stay out of the first load (docs/architecture.md#walls).
 */
export { AccountPrivacy, AccountSecurity } from './components/AccountSections';
export { UnlockedSolutions } from './components/UnlockedSolutions';
