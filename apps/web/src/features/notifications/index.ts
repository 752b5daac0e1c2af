/** What other features may use of notifications; everything else stays inside. */

/** The profile's e-mail notification switches. */
export { MailPreferences } from './components/MailPreferences';
