/** What the web app shows of the company (GET /api/site): contact details, the filing notice, the results list; null when unset. */
export interface SiteInfo {
  contact: { email: string | null; phone: string | null; qrUrl: string | null };
  /** The ICP filing number (e.g. 京ICP备12345678号), linked to the filing site in the footer. */
  icpFiling: string | null;
  /** An external page listing the company's results, linked from the home page's title (customer-area §2). */
  resultsUrl: string | null;
}

/** The documents a user accepts: their texts come from configuration, each with a version (contract §11). */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** The versions in force (GET /api/site/legal): what registration records and a changed one asks again. */
export interface LegalVersions {
  terms: string;
  privacy: string;
}

/** One document in the reader's language (GET /api/site/legal/:document): Markdown-like plain text. */
export interface LegalText {
  document: LegalDocument;
  version: string;
  text: string;
}

/** Accepting the versions in force (POST /api/auth/accept-terms); 409 when either is no longer the one in force. */
export interface AcceptTermsRequest {
  termsVersion: string;
  privacyVersion: string;
}

/** Where a filing number is looked up (the Ministry's filing system). */
export const ICP_FILING_SITE = 'https://beian.miit.gov.cn/';

/** Real-user vitals (POST /api/vitals): what a sampled browser reports of its first page, per route pattern. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
/** The share of page loads that report their vitals. */
export const VITALS_SAMPLE_RATE = 0.1;
/** The route patterns a report may name (the web app's, by which the histograms are labelled); others are "other". */
export const VITAL_ROUTES = [
  '/',
  '/solutions',
  '/solutions/:solutionId/view',
  '/login',
  '/register',
  '/contact',
  '/terms',
  '/privacy',
  '/profile',
  '/profile/orders',
  '/subscription',
  '/subscription-management',
  '/payment',
  '/requirements',
  '/demand-list',
  '/demand-store/:id',
  '/demand-lab/:labName/*',
  '/shared/:token',
  '/admin',
  'other',
] as const;
export interface VitalReport {
  name: VitalName;
  /** LCP and INP in seconds, CLS as its score. */
  value: number;
  /** The pattern of the route the page landed on. */
  route: string;
}
