/** What other modules may use of paywall; everything else stays inside. */
export { PaywallModule } from './paywall.module';
export { PaywallService } from './paywall.service';
export { TEASER_SCANNED, teaserOf } from './teaser';
