import {
  STAGE_FEES,
  STAGES,
  nextStage,
  stageFee,
  type Currency,
  type DemandDetail,
  type OverallStatus,
  type PriceInfo,
  type Stage,
} from '@think-tank/contracts';
import type { Demand } from './entities/demand.entity';
import type { DemandStage } from './entities/demand-stage.entity';

/**
 * What entering `stage` costs, as its order charges it: the start-up fee, or the stage's fee at the modules frozen
 * when it was entered (never the selection as it is now; the one before it for stages entered before that was kept),
 * less the plan's discount frozen with them.
 */
export function feeDue(stage: Stage, rows: DemandStage[], currency: Currency): PriceInfo {
  if (stage === 'Startup') return { ...STAGE_FEES.startup };
  const row = rows.find((r) => r.stage === stage);
  const frozen =
    row?.paidModules ??
    rows.find((r) => r.stage === STAGES[STAGES.indexOf(stage) - 1])?.selectedModules ??
    [];
  return discounted(stageFee(stage, frozen.length, currency), row?.feeDiscount ?? 0);
}

/** A fee less a plan's stage-fee discount (percent), in whole minor units. */
export const discounted = (fee: PriceInfo, percent: number): PriceInfo => ({
  ...fee,
  amount: Math.round((fee.amount * (100 - percent)) / 100),
});

/** A demand as its owner sees it: every stage, what a stage waiting for payment costs, and the next stage's quote. */
export function toDemandDetail(
  demand: Demand,
  rows: DemandStage[],
  vip: boolean,
  currency: Currency,
  operationOpen: boolean,
  /** The reader's stage-fee discount now (percent), for the quote of the next stage. */
  discount: number,
): Omit<DemandDetail, 'questions'> {
  const byStage = new Map(rows.map((r) => [r.stage, r]));
  const nextOpen = nextStage(demand.currentStage) !== 'Operation' || operationOpen;
  const stagesData = Object.fromEntries(
    STAGES.map((stage) => {
      const r = byStage.get(stage);
      return [
        stage,
        {
          status: r?.status ?? 'NotStarted',
          paymentStatus: r?.paymentStatus ?? 'NotRequired',
          errorMessage: r?.errorMessage ?? null,
          updatedAt: r?.updatedAt.toISOString() ?? null,
          input: r?.input ?? null,
          output: r?.output ?? null,
          selectedModules: r?.selectedModules ?? [],
          stale: r?.stale ?? false,
          fee:
            r?.paymentStatus === 'Pending' && r.status === 'PendingInput'
              ? feeDue(stage, rows, currency)
              : null,
        },
      ];
    }),
  ) as DemandDetail['stagesData'];
  return {
    _id: demand.id,
    name: demand.name,
    labName: demand.labName,
    currentStage: demand.currentStage,
    overallStatus: demand.overallStatus as OverallStatus,
    isVip: vip,
    stagesData,
    // A closed stage shows no fee to pay: it says it is closed (contract §11).
    nextStageFee: nextOpen ? nextFee(demand, stagesData, vip, currency, discount) : null,
    nextStageOpen: nextOpen,
  };
}

/** What entering the next stage would cost now, for the fee notice before confirming. */
function nextFee(
  demand: Demand,
  stages: DemandDetail['stagesData'],
  vip: boolean,
  currency: Currency,
  discount: number,
): PriceInfo | null {
  const next = nextStage(demand.currentStage);
  const current = stages[demand.currentStage];
  if (!next || vip || current.status !== 'Completed') return null;
  if (stages[next].paymentStatus === 'Paid' || stages[next].paymentStatus === 'Waived')
    return { amount: 0, currency };
  return discounted(stageFee(next, current.selectedModules.length, currency), discount);
}
