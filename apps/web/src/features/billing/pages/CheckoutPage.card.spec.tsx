import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CheckoutPage from './CheckoutPage';

/** Stripe.js as the page uses it: an unreachable third party, faked at its JavaScript interface. */
const stripe = vi.hoisted(() => {
  const card = {
    change: (_: { complete: boolean }) => undefined as void,
    mount: () => undefined,
    destroy: () => undefined,
    on(event: string, handler: (e: { complete: boolean }) => void) {
      if (event === 'change') card.change = handler;
    },
  };
  /** The Payment Request (Apple Pay, Google Pay): what the browser says it can pay with, and the sheet's answer. */
  const request = {
    can: null as null | { applePay?: boolean; googlePay?: boolean },
    pay: (_: unknown) => undefined as void,
    completed: [] as string[],
    canMakePayment: async () => request.can,
    on(event: string, handler: (e: unknown) => void) {
      if (event === 'paymentmethod') request.pay = handler;
    },
  };
  const walletButton = { mount: vi.fn(), destroy: () => undefined };
  return {
    card,
    request,
    walletButton,
    instance: {
      elements: () => ({ create: (type: string) => (type === 'paymentRequestButton' ? walletButton : card) }),
      paymentRequest: vi.fn(() => request),
      createPaymentMethod: vi.fn(),
      confirmCardPayment: vi.fn(),
    },
  };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripe.instance }));

const plan = {
  planId: '6f1c2f9e-5b7a-4a57-9a53-0c7f0d1e2a3b',
  planName: '专业版（月付）',
  displayPrice: '¥99.00/月',
  paymentType: 'subscription' as const,
};
/** How the plan would start for this buyer (GET /api/payments/plan-quote/:id). */
let quote = {
  upgrade: false,
  creditApplied: 0,
  amount: 9900,
  currency: 'CNY',
  startsAt: new Date().toISOString(),
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderCheckout(state: object = plan) {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[{ pathname: '/payment', state }]}>
        <Routes>
          <Route path="/payment" element={<CheckoutPage />} />
          <Route path="/profile" element={<p>个人资料页</p>} />
          <Route path="/payment/return" element={<p>支付结果页</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('CheckoutPage with card payments configured', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const paid: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    localStorage.setItem('token', 'a.b.c');
    fetchSpy.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/api/payments/options'))
        return json({ alipay: false, sandbox: true, stripePublishableKey: 'pk_test_x' });
      if (String(url).includes('/api/payments/plan-quote/')) return json({ planId: plan.planId, ...quote });
      paid.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return json({ success: true, status: 'succeeded', orderId: 'o1', requiresAction: false });
    });
    stripe.instance.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_card_visa' } });
  });
  afterEach(() => {
    fetchSpy.mockReset();
    paid.length = 0;
    stripe.request.can = null;
    stripe.request.completed.length = 0;
    stripe.instance.paymentRequest.mockClear();
    stripe.walletButton.mount.mockClear();
  });

  async function chooseCard() {
    renderCheckout();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('信用卡'));
    expect(screen.getByTestId('card-field')).toBeInTheDocument();
    return user;
  }

  it('says when a plan that lifts nothing starts, and offers no card subscription until then', async () => {
    const startsAt = new Date(Date.now() + 20 * 86_400_000).toISOString();
    quote = { ...quote, startsAt };
    renderCheckout();
    expect(await screen.findByTestId('checkout-terms')).toHaveTextContent(
      /当前套餐到期后生效：新套餐自 .+ 起计算/,
    );
    expect(await screen.findByLabelText('信用卡（当前套餐到期后可开通自动续费）')).toBeDisabled();
    expect(screen.getByLabelText('支付宝')).toBeChecked();
    quote = { ...quote, startsAt: new Date().toISOString() };
  });

  it('shows an upgrade’s credit and charges what is left', async () => {
    quote = { ...quote, upgrade: true, creditApplied: 3300, amount: 6600 };
    renderCheckout();
    expect(await screen.findByTestId('checkout-terms')).toHaveTextContent(
      '当前套餐未使用的天数已抵扣 ¥33.00',
    );
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('¥66.00');
    quote = { ...quote, upgrade: false, creditApplied: 0, amount: 9900 };
  });

  it('shows no Apple Pay or Google Pay button where the browser cannot pay so', async () => {
    renderCheckout({ ...plan, priceInfo: { amount: 9900, currency: 'CNY' } });
    await screen.findByLabelText('信用卡');
    await waitFor(() => expect(stripe.instance.paymentRequest).toHaveBeenCalled());
    expect(screen.queryByTestId('wallet-applepay')).toBeNull();
    expect(stripe.walletButton.mount).not.toHaveBeenCalled();
  });

  it('pays with Apple Pay where the browser can, as a card payment of the same plan, at the shown price', async () => {
    stripe.request.can = { applePay: true };
    renderCheckout({ ...plan, priceInfo: { amount: 9900, currency: 'CNY' } });
    await screen.findByTestId('wallet-applepay');
    expect(stripe.instance.paymentRequest).toHaveBeenCalledWith(
      expect.objectContaining({ currency: 'cny', total: { label: '专业版（月付）', amount: 9900 } }),
    );
    expect(stripe.walletButton.mount).toHaveBeenCalled();
    // The buyer approves in the Apple Pay sheet: Stripe hands over a payment method.
    act(() =>
      stripe.request.pay({
        paymentMethod: { id: 'pm_apple' },
        complete: (status: string) => stripe.request.completed.push(status),
      }),
    );
    expect(await screen.findByText('个人资料页')).toBeInTheDocument();
    expect(stripe.request.completed).toEqual(['success']);
    expect(paid).toEqual([
      {
        url: '/api/payments/subscribe',
        body: { priceId: plan.planId, paymentMethodId: 'pm_apple', paymentMethodType: 'applepay' },
      },
    ]);
  });

  it('refuses an incomplete card before asking Stripe for anything', async () => {
    const user = await chooseCard();
    await user.click(screen.getByRole('button', { name: '确认订阅' }));
    expect(await screen.findByText('信用卡表单信息不完整')).toBeInTheDocument();
    expect(stripe.instance.createPaymentMethod).not.toHaveBeenCalled();
    expect(paid).toEqual([]);
  });

  it('subscribes with the card’s payment method and goes to the profile', async () => {
    const user = await chooseCard();
    act(() => stripe.card.change({ complete: true }));
    await user.click(screen.getByRole('button', { name: '确认订阅' }));
    expect(await screen.findByText('个人资料页')).toBeInTheDocument();
    expect(paid).toEqual([
      {
        url: '/api/payments/subscribe',
        body: { priceId: plan.planId, paymentMethodId: 'pm_card_visa', paymentMethodType: 'stripe_card' },
      },
    ]);
  });

  it('shows the card provider’s message when the card is refused', async () => {
    stripe.instance.createPaymentMethod.mockResolvedValue({ error: { message: '您的卡号无效。' } });
    const user = await chooseCard();
    act(() => stripe.card.change({ complete: true }));
    await user.click(screen.getByRole('button', { name: '确认订阅' }));
    expect(await screen.findByText('您的卡号无效。')).toBeInTheDocument();
    expect(paid).toEqual([]);
  });

  it('confirms a payment the bank wants to check, then shows the result of a one-time payment', async () => {
    fetchSpy.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/api/payments/options'))
        return json({ alipay: false, sandbox: true, stripePublishableKey: 'pk_test_x' });
      if (String(url).includes('/api/payments/plan-quote/')) return json({ planId: plan.planId, ...quote });
      paid.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return json({
        success: false,
        status: 'requires_action',
        orderId: 'o2',
        requiresAction: true,
        clientSecret: 'pi_2_secret_x',
      });
    });
    stripe.instance.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    renderCheckout({
      planId: 'single_solution_view',
      planName: '单次查看',
      priceInfo: { amount: 500, currency: 'CNY' },
      paymentType: 'one-time',
      solutionId: 's1',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('信用卡'));
    act(() => stripe.card.change({ complete: true }));
    await user.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByText('支付结果页')).toBeInTheDocument();
    expect(stripe.instance.confirmCardPayment).toHaveBeenCalledWith('pi_2_secret_x');
    expect(paid[0]).toEqual({
      url: '/api/payments/process',
      body: {
        itemId: 'single_solution_view',
        solutionId: 's1',
        paymentMethodId: 'pm_card_visa',
        paymentMethodType: 'stripe_card',
      },
    });
  });
});
