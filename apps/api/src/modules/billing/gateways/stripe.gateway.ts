import { Injectable } from '@nestjs/common';
import type { PaymentInstruction, PeriodType } from '@think-tank/contracts';
import Stripe from 'stripe';
import { AppConfig } from '../../../core/config/app-config';
import type { Order } from '../entities/order.entity';
import type { Plan } from '../entities/plan.entity';
import type { RefundAnswer } from './refund-answer';

/** A plan's period as Stripe bills it. */
const STRIPE_INTERVALS: Partial<Record<PeriodType, Stripe.PriceCreateParams.Recurring>> = {
  daily: { interval: 'day', interval_count: 1 },
  weekly: { interval: 'week', interval_count: 1 },
  monthly: { interval: 'month', interval_count: 1 },
  quarterly: { interval: 'month', interval_count: 3 },
  yearly: { interval: 'year', interval_count: 1 },
};

/**
 * Stripe through its SDK; every call that creates something carries an idempotency key derived from the order
 * (and the card, for charges: a retry with another card on the same pending order is a new attempt, not a replay).
 */
@Injectable()
export class StripeGateway {
  private readonly stripe: Stripe | null;

  constructor(private readonly config: AppConfig) {
    const settings = config.stripe;
    const api = settings?.apiUrl ? new URL(settings.apiUrl) : null;
    this.stripe = settings
      ? new Stripe(settings.secretKey, {
          maxNetworkRetries: 2,
          timeout: 10_000,
          ...(api && {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol.replace(':', '') as 'http' | 'https',
          }),
        })
      : null;
  }

  get available(): boolean {
    return this.stripe !== null;
  }

  /** A hosted Checkout page for a one-time item: Stripe's counterpart of Alipay's page pay. */
  async startCheckout(order: Order): Promise<PaymentInstruction> {
    const returnUrl = `${this.config.publicUrl}/payment/return?order_id=${order.id}&gw=stripe`;
    const session = await this.stripe!.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: order.id,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency.toLowerCase(),
              unit_amount: order.amount,
              product_data: { name: order.subject },
            },
          },
        ],
        payment_intent_data: { metadata: { orderId: order.id } },
        success_url: returnUrl,
        cancel_url: returnUrl,
      },
      { idempotencyKey: `checkout-${order.id}` },
    );
    return { type: 'redirect', paymentUrl: session.url!, orderId: order.id };
  }

  /** Where a payment intent stands now, asked of Stripe (order reconciliation). */
  async intentStatus(intentId: string): Promise<Stripe.PaymentIntent.Status> {
    return (await this.stripe!.paymentIntents.retrieve(intentId)).status;
  }

  /** Charges a card collected by Stripe Elements; may need the buyer's action (3-D Secure). */
  async pay(order: Order, paymentMethodId: string): Promise<Stripe.PaymentIntent> {
    return this.stripe!.paymentIntents.create(
      {
        amount: order.amount,
        currency: order.currency.toLowerCase(),
        payment_method: paymentMethodId,
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata: { orderId: order.id },
        description: order.subject,
      },
      { idempotencyKey: `pay-${order.id}-${paymentMethodId}` },
    );
  }

  /**
   * A recurring Stripe price for the plan as it is priced now, in CNY with a USD option (contract §12: created on
   * first use). The idempotency key names the plan and its prices, so concurrent first buyers get one price.
   */
  async createPlanPrice(plan: Plan): Promise<string> {
    const recurring = STRIPE_INTERVALS[plan.periodType];
    if (!recurring) throw new Error(`a ${plan.periodType} plan has no Stripe interval`);
    const terms = `${plan.id}-${plan.priceCny}-${plan.priceUsd}-${plan.periodType}`;
    const price = await this.stripe!.prices.create(
      {
        currency: 'cny',
        unit_amount: plan.priceCny,
        currency_options: { usd: { unit_amount: plan.priceUsd } },
        recurring,
        product_data: { name: plan.name },
        lookup_key: `plan-${terms}`,
        metadata: { planId: plan.id },
      },
      { idempotencyKey: `price-${terms}` },
    );
    return price.id;
  }

  /**
   * A customer with the card as default, subscribed to the plan's Stripe price in the order's currency; an
   * upgrade's credit comes off the first invoice as a one-off coupon.
   */
  async subscribe(order: Order, priceId: string, paymentMethodId: string): Promise<Stripe.Subscription> {
    const customer = await this.stripe!.customers.create(
      {
        payment_method: paymentMethodId,
        invoice_settings: { default_payment_method: paymentMethodId },
        metadata: { userId: order.userId },
      },
      { idempotencyKey: `customer-${order.id}-${paymentMethodId}` },
    );
    const coupon =
      order.creditApplied > 0
        ? await this.stripe!.coupons.create(
            {
              amount_off: order.creditApplied,
              currency: order.currency.toLowerCase(),
              duration: 'once',
              max_redemptions: 1,
              name: 'Unused days of the plan replaced',
            },
            { idempotencyKey: `credit-${order.id}` },
          )
        : null;
    return this.stripe!.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: priceId }],
        currency: order.currency.toLowerCase(),
        ...(coupon && { discounts: [{ coupon: coupon.id }] }),
        default_payment_method: paymentMethodId,
        metadata: { orderId: order.id },
        expand: ['latest_invoice.payment_intent'],
      },
      { idempotencyKey: `subscription-${order.id}-${paymentMethodId}` },
    );
  }

  /** Ends a subscription now (replaced by an upgrade that credited its unused days): it bills no more. */
  async cancelNow(subscriptionId: string): Promise<void> {
    await this.stripe!.subscriptions.cancel(subscriptionId);
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    await this.stripe!.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  }

  /**
   * Returns the order's payment through Stripe's refunds API, keyed by the order so a repeat refunds once. A
   * subscription is cancelled first (it must not bill again) and the invoice its order paid, its first, refunded.
   */
  async refund(order: Order): Promise<RefundAnswer> {
    try {
      return await this.refundPayment(order);
    } catch (e) {
      // Stripe refused the request itself (already refunded, no such charge): a refusal. Anything else (no
      // connection, Stripe's own error, a rate limit) is thrown, for the refund to be asked again.
      if (e instanceof Stripe.errors.StripeInvalidRequestError || e instanceof Stripe.errors.StripeCardError)
        return { ok: false, reason: `Stripe ${e.code ?? e.type}: ${e.message}` };
      throw e;
    }
  }

  private async refundPayment(order: Order): Promise<RefundAnswer> {
    let paymentIntent = order.gatewayTradeNo;
    if (order.paymentType === 'subscription' && paymentIntent) {
      const subscription = await this.stripe!.subscriptions.retrieve(paymentIntent);
      if (subscription.status !== 'canceled') await this.stripe!.subscriptions.cancel(subscription.id);
      paymentIntent = await this.firstPayment(subscription.id);
    }
    if (!paymentIntent) return { ok: false, reason: 'Stripe: no payment to refund for this order' };
    const refund = await this.stripe!.refunds.create(
      { payment_intent: paymentIntent, metadata: { orderId: order.id } },
      { idempotencyKey: `refund-${order.id}` },
    );
    return refund.status === 'failed' || refund.status === 'canceled'
      ? { ok: false, reason: `Stripe refund ${refund.status}: ${refund.failure_reason ?? ''}`.trim() }
      : { ok: true, refundId: refund.id };
  }

  /** The payment intent of a subscription's first paid invoice (the one its order paid). */
  private async firstPayment(subscriptionId: string): Promise<string | null> {
    const invoices = await this.stripe!.invoices.list({
      subscription: subscriptionId,
      status: 'paid',
      limit: 100,
    });
    const first = invoices.data.at(-1);
    if (!first?.id) return null;
    const payments = await this.stripe!.invoicePayments.list({ invoice: first.id, status: 'paid', limit: 1 });
    const intent = payments.data[0]?.payment.payment_intent;
    return (typeof intent === 'string' ? intent : intent?.id) ?? null;
  }

  /** The event when the body is signed with our webhook secret within 300 s; throws otherwise. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return Stripe.webhooks.constructEvent(rawBody, signature, this.config.stripe!.webhookSecret, 300);
  }
}
