import { Injectable, type OnModuleInit } from '@nestjs/common';
import { STAGES, WebRoute, type Stage } from '@think-tank/contracts';
import type { Tx } from '../../core/database/transactions.service';
import { FulfilmentService, type Fulfilment, type PaidOrder } from '../billing';
import { Messages } from '../notifications';
import { DemandStagesRepository } from './demand-stages.repository';
import { StageQueue, type StageJob } from './stage-queue.service';

/** The demand and stage a fee order pays for: its purchase subject, as DemandFeesService made it. */
function feeOf(order: PaidOrder): { demandId: string; stage: Stage } {
  if (order.subjectKind !== 'demand' || !order.subjectId || !STAGES.includes(order.subjectPart as Stage))
    throw new Error(`order ${order.id} is a workshop fee without a demand stage as its subject`);
  return { demandId: order.subjectId, stage: order.subjectPart as Stage };
}

/**
 * Billing's handler for the workshop's fees ('demand_store_payment'): a paid fee queues its stage, a refunded one
 * puts it back to awaiting its fee. Registered in every process that settles orders: the API and the worker.
 */
@Injectable()
export class DemandFeeFulfilment implements OnModuleInit {
  constructor(
    private readonly fulfilment: FulfilmentService,
    private readonly stageState: DemandStagesRepository,
    private readonly queue: StageQueue,
  ) {}

  onModuleInit(): void {
    this.fulfilment.register(
      'demand_store_payment',
      (tx, order, { requestId }) => this.paid(tx, order, requestId),
      (tx, order) => this.refunded(tx, order),
      (orders) => this.delivered(orders),
    );
    // A plan's refund takes back the stage fees its period waived or discounted (contract §12).
    this.fulfilment.alsoOnRefund(['subscription', 'one_time_product'], (tx, order) =>
      this.stageState.takeBackWaivers(tx, order.id),
    );
  }

  /** Paid fee: the stage is queued in the payment's transaction, its job enqueued after it commits. */
  private async paid(tx: Tx, order: PaidOrder, requestId?: string): Promise<Fulfilment> {
    const { demandId, stage } = feeOf(order);
    const price = { amount: order.amount, currency: order.currency };
    const drafts = [Messages.paymentSucceeded(order.subject, price, WebRoute.demand(demandId))];
    const paid = await this.stageState.pay(tx, demandId, stage);
    // Nothing left to buy (the fee was paid by another order, or the demand was deleted): the money bought
    // nothing, so support is told to refund it rather than it being absorbed.
    if (!paid) {
      await this.fulfilment.flag(order.id, `the ${stage} fee was already settled: refund this order`, tx);
      return { drafts: [] };
    }
    // Without a request (reconciliation), the order names what started the job.
    const job: StageJob = { ...paid, requestId: requestId ?? `order:${order.id}` };
    return { drafts, afterCommit: () => this.queue.enqueue(job) };
  }

  /** The fee orders whose stage has completed: a refund of one keeps the stage's output, delivered. */
  private async delivered(orders: PaidOrder[]): Promise<Set<string>> {
    const stages = await this.stageState.completed(orders.map(feeOf));
    return new Set(
      orders.filter((o) => stages.has(`${feeOf(o).demandId}:${feeOf(o).stage}`)).map((o) => o.id),
    );
  }

  /**
   * A refunded fee puts its stage back to awaiting the fee (its queued, running or failed run can no longer finish
   * or be retried); a stage already completed keeps its output, delivered before the refund.
   */
  private async refunded(tx: Tx, order: PaidOrder): Promise<void> {
    const { demandId, stage } = feeOf(order);
    await this.stageState.refundFee(tx, demandId, stage);
  }
}
