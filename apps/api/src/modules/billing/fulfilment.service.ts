import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type PaymentGateway, PaymentItemType } from '@think-tank/contracts';
import { Messages, type MessageDraft, NotificationsService } from '../notifications';
import { Transactions, type Tx } from '../../core/database/transactions.service';
import { InvoicesService } from './invoices.service';
import { Order } from './entities/order.entity';
import { OrdersRepository, type GatewayEvent } from './orders.repository';
import { RefundsRepository } from './refunds.repository';

export type Settlement = 'paid' | 'failed' | 'canceled';

/** Orders a payment can no longer settle: one reported for them is flagged for a refund (a cancelled one is refunded). */
const UNSETTLEABLE: string[] = ['refunded'];

/**
 * Why a reported payment that changed nothing took money that bought nothing, for support to return it: the
 * order can no longer deliver, or it was already paid by another payment (a card retried while the first bank
 * check was still open). Null when nothing is owed (a repeat of the payment that settled it, a failure, …).
 */
function unappliedPayment(req: SettleRequest, current: Order): string | null {
  if (req.outcome !== 'paid') return null;
  if (UNSETTLEABLE.includes(current.status))
    return `${req.gateway} reported a payment for a ${current.status} order: refund it`;
  const another =
    req.gatewayTradeNo && current.gatewayTradeNo && req.gatewayTradeNo !== current.gatewayTradeNo;
  return current.status === 'paid' && another
    ? `${req.gateway} reported a second payment ${req.gatewayTradeNo} for this paid order: refund it`
    : null;
}

export type { GatewayEvent };

export interface SettleRequest {
  orderId: string;
  outcome: Settlement;
  /** The gateway that reports it: an order is settled only by its own gateway. */
  gateway: PaymentGateway;
  gatewayTradeNo?: string | null;
  event?: GatewayEvent;
  /** Extra rows to write in the same transaction once the order is paid (a Stripe subscription id, …). */
  stripeSubscriptionId?: string | null;
  /** The request that reports it (a notify, a webhook, the sandbox cashier), named in the jobs it starts. */
  requestId?: string;
}

/** What a fulfiller learns of the settlement besides the order. */
export type SettleContext = Pick<SettleRequest, 'stripeSubscriptionId' | 'requestId'>;

/** What fulfilling a paid order did: messages for the buyer, and work to start once the payment committed. */
export interface Fulfilment {
  drafts: MessageDraft[];
  afterCommit?: () => Promise<void>;
}

/** What a module that sells something learns of its order: never billing's entity itself. */
export type PaidOrder = Readonly<
  Pick<
    Order,
    | 'id'
    | 'userId'
    | 'gateway'
    | 'itemType'
    | 'itemId'
    | 'amount'
    | 'creditApplied'
    | 'currency'
    | 'subject'
    | 'subjectKind'
    | 'subjectId'
    | 'subjectPart'
  >
>;
/** Fulfils one item type inside the settling transaction (a module registers what it sells). */
export type Fulfiller = (tx: Tx, order: PaidOrder, context: SettleContext) => Promise<Fulfilment>;
/** Takes back what a refunded order of the item type granted, inside the refunding transaction. */
export type Revoker = (tx: Tx, order: PaidOrder) => Promise<void>;
/** Which of these paid orders of the item type were delivered (what support sees before refunding one). */
export type DeliveredCheck = (orders: PaidOrder[]) => Promise<Set<string>>;

export interface SettleResult {
  order: Order | null;
  /** False for a repeat, an order already settled, or another gateway's order. */
  changed: boolean;
}

const noRevoker: Revoker = async () => undefined;

/** Item types an order can be for; each needs a registered fulfiller (billing's own, or the selling module's). */
const SOLD: PaymentItemType[] = [
  PaymentItemType.subscription,
  PaymentItemType.oneTimeProduct,
  PaymentItemType.singleSolutionView,
  PaymentItemType.demandStorePayment,
];

/**
 * The only code that moves money state (architecture: "money moves in one place"). Moving an order out of
 * `pending` is a conditional UPDATE, and what the order bought is granted in that same transaction, so any
 * number of notifies, webhooks, return visits and polls, in any order, fulfil an order exactly once.
 */
@Injectable()
export class FulfilmentService implements OnApplicationBootstrap {
  private readonly logger = new Logger(FulfilmentService.name);
  private readonly fulfillers = new Map<PaymentItemType, Fulfiller>();
  private readonly revokers = new Map<PaymentItemType, Revoker[]>();
  private readonly deliveredChecks = new Map<PaymentItemType, DeliveredCheck>();
  private latePayments?: (orderId: string) => Promise<void>;

  constructor(
    private readonly transactions: Transactions,
    private readonly orders: OrdersRepository,
    private readonly notifications: NotificationsService,
    private readonly invoices: InvoicesService,
    private readonly refundRows: RefundsRepository,
  ) {}

  /**
   * A process that can settle orders must be able to deliver every item it may sell: settling a stage fee without
   * the workshop's handler would take the money and deliver nothing. So it refuses to start, as the job registry
   * does for a job without a handler.
   */
  onApplicationBootstrap(): void {
    const missing = SOLD.filter((type) => !this.fulfillers.has(type));
    if (missing.length)
      throw new Error(`no fulfilment handler for ${missing.join(', ')}: import the module that sells it`);
  }

  /**
   * Lets a module fulfil what it sells (billing's views and plans, the workshop's stage fees) in the transaction
   * that marks it paid, and take it back in the one that marks it refunded.
   */
  register(
    itemType: PaymentItemType,
    fulfiller: Fulfiller,
    revoker: Revoker,
    delivered?: DeliveredCheck,
  ): void {
    this.fulfillers.set(itemType, fulfiller);
    this.revokers.set(itemType, [revoker, ...(this.revokers.get(itemType) ?? []).slice(1)]);
    if (delivered) this.deliveredChecks.set(itemType, delivered);
  }

  /**
   * Lets another module take back, in the refunding transaction, what it gave on the strength of an order of these
   * item types (the workshop: the stage fees a plan's VIP waived), after the item's own revoker.
   */
  alsoOnRefund(itemTypes: PaymentItemType[], revoker: Revoker): void {
    for (const itemType of itemTypes) {
      const [own, ...others] = this.revokers.get(itemType) ?? [];
      this.revokers.set(itemType, [own ?? noRevoker, ...others, revoker]);
    }
  }

  /**
   * Whether each paid order whose item type delivers apart from its payment was delivered; orders of other item
   * types are absent from the answer.
   */
  async deliveredOf(orders: Order[]): Promise<Map<string, boolean>> {
    const answer = new Map<string, boolean>();
    for (const [itemType, check] of this.deliveredChecks) {
      const paid = orders.filter((o) => o.itemType === itemType && o.status === 'paid');
      if (!paid.length) continue;
      const delivered = await check(paid);
      for (const o of paid) answer.set(o.id, delivered.has(o.id));
    }
    return answer;
  }

  async settle(req: SettleRequest): Promise<SettleResult> {
    const { announce, ...result } = await this.transactions.run(async (tx) => {
      if (req.event && !(await this.orders.recordEvent(tx, req.event, req.orderId)))
        return { order: null, changed: false, announce: null };
      const order = await this.orders.settle(tx, req);
      if (!order) {
        const current = await this.orders.byId(req.orderId, tx);
        // Money for an order its buyer cancelled: it buys nothing and goes back by itself (contract §12).
        if (current?.status === 'canceled' && req.outcome === 'paid') {
          const late = await this.orders.recordLatePayment(tx, current.id, req.gatewayTradeNo ?? null);
          if (late)
            await this.refundRows.queue(tx, late, `${req.gateway} reported a payment after the cancel`);
          const refund = late && this.latePayments;
          return { order: late ?? current, changed: false, announce: refund ? () => refund(late.id) : null };
        }
        const unapplied = current && unappliedPayment(req, current);
        if (unapplied) await this.flag(current.id, unapplied, tx);
        return { order: current, changed: false, announce: null };
      }
      const { drafts, afterCommit } =
        order.status === 'paid'
          ? await this.grant(tx, order, req)
          : { drafts: order.status === 'failed' ? [Messages.paymentFailed(order.subject)] : [] };
      const pushes = await Promise.all(drafts.map((d) => this.notifications.write(tx, [order.userId], d)));
      const announce = async () => {
        await afterCommit?.();
        await Promise.all(pushes.map((push) => push()));
      };
      return { order, changed: true, announce };
    });
    if (result.changed) this.logger.log(`order ${req.orderId} ${req.outcome} via ${req.gateway}`);
    // Told once the transaction committed: a message never announces a payment that rolled back.
    await announce?.().catch((e: Error) => this.logger.warn(`after-payment work failed: ${e.message}`));
    return result;
  }

  /**
   * `paid → refunded`, revoking what the order granted and telling the buyer; null when the order was not paid.
   * In the caller's transaction when given: the caller then announces the answer once it committed.
   */
  async refund(
    orderId: string,
    event?: GatewayEvent,
    tx?: Tx,
  ): Promise<{ announce: () => Promise<void> } | null> {
    const run = async (m: Tx) => {
      if (event && !(await this.orders.recordEvent(m, event, orderId))) return null;
      const order = await this.orders.markRefunded(m, orderId);
      if (!order) return null;
      for (const revoke of this.revokers.get(order.itemType) ?? []) await revoke(m, order);
      // Nothing to invoice any more: a pending request is closed, an issued invoice is due its reversal (红冲).
      const reversed = await this.invoices.orderRefunded(m, orderId);
      const push = await this.notifications.write(
        m,
        [order.userId],
        Messages.orderRefunded(order.subject, { amount: order.amount, currency: order.currency }, reversed),
      );
      return { announce: () => push().catch((e: Error) => this.logger.warn(`refund message: ${e.message}`)) };
    };
    if (tx) return run(tx);
    const refunded = await this.transactions.run(run);
    if (refunded) this.logger.log(`order ${orderId} refunded`);
    await refunded?.announce();
    return refunded;
  }

  /**
   * `canceled → refunded` for an order paid after its cancel, once its gateway returned the money (nothing was
   * granted, so nothing is revoked), telling the buyer; in the caller's transaction. Null when it was not so.
   */
  async refundLatePayment(tx: Tx, orderId: string): Promise<{ announce: () => Promise<void> } | null> {
    const order = await this.orders.markLateRefunded(tx, orderId);
    if (!order) return null;
    const price = { amount: order.amount, currency: order.currency };
    const push = await this.notifications.write(
      tx,
      [order.userId],
      Messages.latePaymentRefunded(order.subject, price),
    );
    return {
      announce: () => push().catch((e: Error) => this.logger.warn(`late refund message: ${e.message}`)),
    };
  }

  /** Who returns a late payment's money once it is recorded (RefundsService, which asks the gateways). */
  onLatePayment(refund: (orderId: string) => Promise<void>): void {
    this.latePayments = refund;
  }

  /**
   * `pending → canceled` by the buyer (no gateway reported it); false when it was no longer pending. A payment the
   * gateway reports for it afterwards grants nothing and is refunded by itself (settle).
   */
  async cancelPending(orderId: string): Promise<boolean> {
    const canceled = await this.orders.cancelPending(orderId);
    if (canceled) this.logger.log(`order ${orderId} canceled by its buyer`);
    return canceled;
  }

  /**
   * Flags an order for support to look at (a gateway message that did not match it, money that bought nothing);
   * changes nothing else. In the caller's transaction when given.
   */
  async flag(orderId: string, reason: string, tx?: Tx): Promise<void> {
    this.logger.warn(`order ${orderId} flagged: ${reason}`);
    await this.orders.flag(orderId, reason, tx);
  }

  /** Runs `effect` in a transaction that records the event, unless the event was handled before (then false). */
  async once(
    event: GatewayEvent,
    orderId: string | null,
    effect: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    return this.transactions.run(async (tx) => {
      if (!(await this.orders.recordEvent(tx, event, orderId))) return false;
      await effect(tx);
      return true;
    });
  }

  /** Grants what the paid order bought, by its item type's fulfiller; answers the messages that tell the buyer. */
  private async grant(tx: Tx, order: Order, context: SettleContext): Promise<Fulfilment> {
    const fulfiller = this.fulfillers.get(order.itemType);
    if (!fulfiller) throw new Error(`no fulfilment handler for ${order.itemType}`);
    return fulfiller(tx, order, context);
  }
}
