import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/**
 * A local stand-in for the parts of Stripe's REST API the server calls (form-encoded requests, JSON answers):
 * Checkout sessions, payment intents, customers, prices, coupons, subscriptions (create, retrieve, cancel), invoices
 * and refunds. `pm_card_visa` succeeds, and
 * `pm_card_threeDSecure2Required` needs the buyer's action, as with Stripe's test payment methods.
 */
export class FakeStripeApi {
  readonly calls: StripeCall[] = [];
  /** What retrieving a payment intent answers, by id (as if the buyer acted on Stripe's side meanwhile). */
  readonly intentStatuses = new Map<string, string>();
  /** Refunds made, by idempotency key: a repeat with the same key answers the same refund, as at Stripe. */
  readonly refunds = new Map<string, { id: string; payment_intent: string }>();
  /** When set, creating a refund fails with this error code (`charge_already_refunded`, …). */
  refuseRefundsWith: string | null = null;
  readonly canceledSubscriptions = new Set<string>();
  /** Prices by id: those created through the API, and any a test names as made in Stripe's dashboard. */
  readonly prices = new Map<string, { currencies: string[]; recurring: boolean }>();
  /** The parameters each idempotency key was first used with. */
  private readonly keyed = new Map<string, string>();
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const form = new URLSearchParams(await body(req));
      const path = (req.url ?? '').split('?')[0];
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      this.calls.push({ method: req.method ?? '', path, idempotencyKey, form });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        res.end(JSON.stringify(value));
      };
      // Stripe refuses a key used before with other parameters (a retry with another card, say).
      if (idempotencyKey && req.method === 'POST') {
        const used = this.keyed.get(idempotencyKey);
        if (used !== undefined && used !== form.toString())
          return json(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        this.keyed.set(idempotencyKey, form.toString());
      }
      const suffix = (idempotencyKey ?? String(this.calls.length)).replace(/[^a-zA-Z0-9]/g, '').slice(-16);
      if (path === '/v1/checkout/sessions')
        return json(200, {
          id: `cs_test_${suffix}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/cs_test_${suffix}`,
        });
      if (path === '/v1/payment_intents') {
        const action = form.get('payment_method') === 'pm_card_threeDSecure2Required';
        return json(200, {
          id: `pi_${suffix}`,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: action ? 'requires_action' : 'succeeded',
          client_secret: `pi_${suffix}_secret_x`,
          metadata: { orderId: form.get('metadata[orderId]') },
        });
      }
      if (path.startsWith('/v1/payment_intents/') && req.method === 'GET') {
        const id = path.split('/')[3];
        return json(200, {
          id,
          object: 'payment_intent',
          status: this.intentStatuses.get(id) ?? 'requires_payment_method',
        });
      }
      if (path === '/v1/refunds') {
        if (this.refuseRefundsWith)
          return json(400, {
            error: { type: 'invalid_request_error', code: this.refuseRefundsWith, message: 'Refund refused' },
          });
        const key = idempotencyKey ?? String(this.calls.length);
        const refund = this.refunds.get(key) ?? {
          id: `re_${this.refunds.size + 1}`,
          payment_intent: form.get('payment_intent') ?? '',
        };
        this.refunds.set(key, refund);
        return json(200, { ...refund, object: 'refund', status: 'succeeded', amount: 0 });
      }
      if (path === '/v1/invoices') {
        const sub = new URL(req.url ?? '/', 'http://x').searchParams.get('subscription');
        return json(200, { object: 'list', has_more: false, data: [{ id: `in_${sub}`, object: 'invoice' }] });
      }
      if (path === '/v1/invoice_payments') {
        const invoice = new URL(req.url ?? '/', 'http://x').searchParams.get('invoice');
        return json(200, {
          object: 'list',
          has_more: false,
          data: [
            {
              id: `inpay_${invoice}`,
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: `pi_for_${invoice}` },
            },
          ],
        });
      }
      if (path.startsWith('/v1/subscriptions/') && req.method !== 'POST') {
        const id = path.split('/')[3];
        if (req.method === 'DELETE') this.canceledSubscriptions.add(id);
        const status = this.canceledSubscriptions.has(id) ? 'canceled' : 'active';
        return json(200, { id, object: 'subscription', status });
      }
      if (path === '/v1/customers') return json(200, { id: `cus_${suffix}`, object: 'customer' });
      if (path === '/v1/prices') {
        // Stripe's rules for a price: a positive amount in its currency, each other currency's amount given.
        const amounts = [...form.entries()].filter(([k]) =>
          /^(unit_amount|currency_options\[\w+\]\[unit_amount\])$/.test(k),
        );
        if (
          !form.get('currency') ||
          amounts.some(([, v]) => !(Number(v) >= 0)) ||
          !form.get('product_data[name]')
        )
          return json(400, {
            error: { type: 'invalid_request_error', message: 'Missing or invalid price parameters' },
          });
        const id = `price_${hashOf(idempotencyKey ?? String(this.calls.length))}`;
        const options = [...form.keys()].flatMap((k) => /^currency_options\[(\w+)\]/.exec(k)?.[1] ?? []);
        this.prices.set(id, {
          currencies: [form.get('currency')!, ...options],
          recurring: form.has('recurring[interval]'),
        });
        return json(200, {
          id,
          object: 'price',
          currency: form.get('currency'),
          unit_amount: Number(form.get('unit_amount')),
        });
      }
      if (path === '/v1/coupons')
        return json(200, {
          id: `coupon_${hashOf(idempotencyKey ?? String(this.calls.length))}`,
          object: 'coupon',
          amount_off: Number(form.get('amount_off')),
          currency: form.get('currency'),
          duration: form.get('duration'),
        });
      if (path === '/v1/subscriptions') {
        // A subscription bills a recurring price that exists, in a currency it is offered in.
        const price = this.prices.get(form.get('items[0][price]') ?? '');
        const currency = form.get('currency');
        if (!price?.recurring || (currency && !price.currencies.includes(currency)))
          return json(400, {
            error: { type: 'invalid_request_error', message: 'No such price, or not in this currency' },
          });
        return json(200, {
          id: `sub_${suffix}`,
          object: 'subscription',
          status: 'active',
          latest_invoice: null,
        });
      }
      if (path.startsWith('/v1/subscriptions/'))
        return json(200, {
          id: path.split('/')[3],
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: true,
        });
      json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const hashOf = (key: string) => createHash('sha1').update(key).digest('hex').slice(0, 14);

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
