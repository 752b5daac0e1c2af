/** The requirements workshop: stages, statuses and fees (contract §8, demand-workshop §3–4). */
import type { PriceInfo } from './billing';

export const STAGES = ['Startup', 'Preparation', 'Opening', 'Operation', 'Expansion'] as const;
export type Stage = (typeof STAGES)[number];

export const OVERALL_STATUSES = ['Processing', 'Completed', 'PendingInput', 'Error', 'Archived'] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];

export const STAGE_STATUSES = [
  'NotStarted',
  'PendingInput',
  'Queued',
  'Processing',
  'Completed',
  'Error',
] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export const STAGE_PAYMENT_STATUSES = ['NotRequired', 'Pending', 'Paid', 'Waived'] as const;
export type StagePaymentStatus = (typeof STAGE_PAYMENT_STATUSES)[number];

/** The stage after this one; Expansion has none. */
export function nextStage(stage: Stage): Stage | null {
  return STAGES[STAGES.indexOf(stage) + 1] ?? null;
}

/** Per-module and flat fees in minor units (contract §8). */
export const STAGE_FEES = {
  preparationPerModule: 10_000,
  openingPerModule: 20_000,
  operation: { CNY: 200_000, USD: 70_000 },
  expansion: 0,
  startup: { amount: 2_900, currency: 'CNY' },
} as const;

/**
 * The fee for entering `stage`: Preparation and Opening charge per module selected in the stage before,
 * Operation a flat fee in the order's currency, Expansion nothing. VIP users are never charged (Waived).
 */
export function stageFee(
  stage: Exclude<Stage, 'Startup'>,
  modulesSelectedBefore: number,
  currency: PriceInfo['currency'],
): PriceInfo {
  const amount =
    stage === 'Preparation'
      ? STAGE_FEES.preparationPerModule * modulesSelectedBefore
      : stage === 'Opening'
        ? STAGE_FEES.openingPerModule * modulesSelectedBefore
        : stage === 'Operation'
          ? STAGE_FEES.operation[currency]
          : STAGE_FEES.expansion;
  return { amount, currency };
}

/** Key value points must be longer than this many characters after trimming (demand-workshop §5). */
export const KEY_VALUE_POINTS_MIN = 20;
export const DEMAND_NAME_MAX = 200;
export const DEMAND_CONTENT_MAX = 20_000;
