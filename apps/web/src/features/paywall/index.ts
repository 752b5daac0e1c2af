/** What other features may use of paywall; everything else stays inside. */
export { Paywall } from './components/Paywall';
export { VisitorTeaser } from './components/VisitorTeaser';
