import type { PlanResponse, PriceInfo } from './billing';

export const PaywallCode = {
  paymentRequired: 'PAYMENT_REQUIRED_FOR_VIEW',
  dailyLimitReached: 'PAID_USER_DAILY_LIMIT_REACHED',
} as const;

/** The body of a 402 or 403 from the solution view (contract §4, customer-area §3). */
export interface PaywallBody {
  statusCode: 402 | 403;
  code: (typeof PaywallCode)[keyof typeof PaywallCode];
  error: string;
  message: string;
  notice: string;
  solutionName: string;
  solutionId: string;
  /** The document's first 300 characters as plain text (no markup), shown above the offers. */
  teaser: string;
  preferChinesePayments: boolean;
  payPerViewOption: {
    description: string;
    priceDisplay: string;
    priceInfo: PriceInfo;
    itemId: string;
  } | null;
  subscriptionOptions: PlanResponse[];
  upgradeOptions: PlanResponse[];
  subscriptionOptionsTitle: string;
  upgradeOptionsTitle: string;
  vipApplicationInfo: { planName: string; benefits: string[]; displayPrice: string; message: string } | null;
}

/** `GET /api/solutions/:id/teaser` (public): what a visitor sees before signing in. */
export type SolutionTeaser = Pick<PaywallBody, 'solutionId' | 'solutionName' | 'teaser'>;

/**
 * `POST /api/solutions/:id/view-ticket`, `POST /api/demand-store/lab-ticket`: the URL a frame loads the document
 * from, with a single-use ticket that lives `expiresInSeconds`.
 */
export interface ViewTicket {
  url: string;
  expiresInSeconds: number;
}
