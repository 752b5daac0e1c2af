/** What the web app shows of the company (GET /api/site): contact details, the filing notice, the results list; null when unset. */
export interface SiteInfo {
  contact: { email: string | null; phone: string | null; qrUrl: string | null };
  /** The ICP filing number (e.g. 京ICP备12345678号), linked to the filing site in the footer. */
  icpFiling: string | null;
  /** An external page listing the company's results, linked from the home page's title (customer-area §2). */
  resultsUrl: string | null;
}

/** Where a filing number is looked up (the Ministry's filing system). */
export const ICP_FILING_SITE = 'https://beian.miit.gov.cn/';
