import { Injectable } from '@nestjs/common';
import {
  CatalogueItem,
  PaymentItemType,
  STAGE_NAMES,
  WebRoute,
  currencyFor,
  type Currency,
  type Language,
  type Localized,
  type PaymentGateway,
  type PaymentInstruction,
  type Stage,
} from '@think-tank/contracts';
import { Transactions } from '../../core/database/transactions.service';
import { AppError } from '../../core/errors/app-error';
import { DESKTOP_PAYER, type Payer } from '../../core/http/payer.decorator';
import { AuthService } from '../auth';
import { PaymentsService, SubscriptionsService } from '../billing';
import { feeDue } from './demand-detail';
import { DemandMessage } from './workshop.messages';
import { askedOf } from './generation/clarifying-questions';
import { WorkshopService } from './workshop.service';
import type { Requester } from './requester';
import { DemandStagesRepository } from './demand-stages.repository';
import type { DemandRequestDto } from './dto/demand.dto';
import { DemandsRepository } from './demands.repository';
import { StageQueue } from './stage-queue.service';

/**
 * What a demand's owner pays (contract §6, §8): the start-up fee, waived by a VIP quota, and each stage's fee at
 * the server's price. A paid fee is fulfilled by DemandFeeFulfilment, in billing's settling transaction.
 */
@Injectable()
export class DemandFeesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly demands: DemandsRepository,
    private readonly store: WorkshopService,
    private readonly stageState: DemandStagesRepository,
    private readonly auth: AuthService,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    private readonly queue: StageQueue,
  ) {}

  /** Starts through the VIP quota; without one the demand waits for its start-up fee, whose order is answered. */
  async startWithVipQuota(who: Requester, dto: DemandRequestDto, lang: Language) {
    const { demand, started } = await this.transactions.run(async (tx) => {
      // The VIP role's quota first, then a VIP plan's quota for its current period (taken back if it is refunded).
      const byRole = await this.auth.spendVipStartup(tx, who.id);
      const byPlan = byRole ? null : await this.subscriptions.spendVipStartup(tx, who.id);
      const spent = byRole || byPlan !== null;
      const created = await this.store.create(tx, who, dto, spent ? 'Waived' : 'Pending', byPlan);
      return { demand: created, started: spent };
    });
    if (started) {
      await this.queue.enqueue({ demandId: demand.id, stage: 'Startup', run: 1, requestId: who.requestId });
      return {
        success: true,
        demandId: demand.id,
        redirectTo: WebRoute.demand(demand.id),
        message: DemandMessage.vipStarted[lang],
        questions: askedOf(demand, lang),
      };
    }
    const order = await this.payStartup(who, demand.id, undefined, lang);
    const questions = askedOf(demand, lang);
    return {
      success: false,
      demandId: demand.id,
      message: DemandMessage.vipNoQuota[lang],
      questions,
      ...order,
    };
  }

  /** The start-up fee's order (contract §6 initiate-demand-startup). */
  async payStartup(
    who: Requester,
    demandId: string,
    gateway: PaymentGateway | undefined,
    lang: Language,
    payer: Payer = DESKTOP_PAYER,
  ): Promise<PaymentInstruction> {
    // The start-up fee is never zero, so this is always an order.
    return (await this.payStage(who, demandId, 'Startup', gateway, lang, payer)) as PaymentInstruction;
  }

  /**
   * The order for a fee the stage is waiting for (contract §6), at the server's price: the start-up fee, or the
   * stage's fee at the server's own count of modules selected before it. Nothing to pay starts the stage.
   */
  async payStage(
    who: Requester,
    demandId: string,
    stage: Stage,
    gateway: PaymentGateway | undefined,
    lang: Language,
    payer: Payer = DESKTOP_PAYER,
  ): Promise<PaymentInstruction | { status: 'no_payment_required'; message: string }> {
    const demand = await this.store.own(who.id, demandId);
    const rows = await this.demands.stagesOf(demandId);
    const row = rows.find((r) => r.stage === stage);
    // Awaiting its fee to run (not a stage delivered before its fee was refunded, which nothing re-runs here).
    if (row?.paymentStatus !== 'Pending' || row.status !== 'PendingInput')
      throw new AppError('NO_PAYMENT_DUE');
    const price = (currency: Currency) => feeDue(stage, rows, currency);
    if (price(currencyFor(lang)).amount === 0) {
      await this.store.mutate(who, demandId, async ({ stages }, queue) =>
        queue(this.stageState.free(stages[stage])),
      );
      return { status: 'no_payment_required', message: DemandMessage.noPaymentRequired[lang] };
    }
    return this.payments.checkout(
      who,
      {
        sale: {
          itemType: PaymentItemType.demandStorePayment,
          itemId:
            stage === 'Startup' ? CatalogueItem.demandStartup.id : `demand_stage_${stage.toLowerCase()}`,
          subject: { kind: 'demand', id: demandId, part: stage },
          title: feeTitle(demand.name, stage),
          price,
        },
      },
      gateway,
      lang,
      payer,
    );
  }
}

/** What the order and the payment messages call a stage fee. */
function feeTitle(demandName: string, stage: Stage): Localized {
  const name = demandName.slice(0, 60);
  return {
    zh: `${STAGE_NAMES[stage].zh}阶段费用：${name}`,
    en: `${STAGE_NAMES[stage].en} stage fee: ${name}`,
  };
}
