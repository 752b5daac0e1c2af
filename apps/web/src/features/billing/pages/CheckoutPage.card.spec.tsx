import { act, render, screen } from '@testing-library/react';
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
  return {
    card,
    instance: {
      elements: () => ({ create: () => card }),
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
  stripePriceId: 'price_pro_monthly',
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
      paid.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return json({ success: true, status: 'succeeded', orderId: 'o1', requiresAction: false });
    });
    stripe.instance.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_card_visa' } });
  });
  afterEach(() => {
    fetchSpy.mockReset();
    paid.length = 0;
  });

  async function chooseCard() {
    renderCheckout();
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('信用卡'));
    expect(screen.getByTestId('card-field')).toBeInTheDocument();
    return user;
  }

  it('offers no card for a subscription to a plan without a Stripe price: nothing typed for nothing', async () => {
    renderCheckout({ ...plan, stripePriceId: null });
    const card = await screen.findByLabelText('信用卡（该套餐暂不支持信用卡订阅）');
    expect(card).toBeDisabled();
    expect(screen.getByLabelText('支付宝')).toBeChecked();
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
