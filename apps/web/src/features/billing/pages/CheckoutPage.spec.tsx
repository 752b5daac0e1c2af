import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutState } from '../checkout-state';
import CheckoutPage from './CheckoutPage';

const plan: CheckoutState = {
  planId: '6f1c2f9e-5b7a-4a57-9a53-0c7f0d1e2a3b',
  planName: '专业版（月付）',
  displayPrice: '¥99.00/月',
  priceInfo: { amount: 9900, currency: 'CNY' },
  paymentType: 'subscription',
  from: '/subscription',
};

function renderWith(state: CheckoutState | null) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/payment', state }]}>
      <Routes>
        <Route path="/payment" element={<CheckoutPage />} />
        <Route path="/login" element={<p>登录页</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CheckoutPage', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  afterEach(() => fetchSpy.mockReset());
  const orderCalls = () => fetchSpy.mock.calls.filter(([url]) => String(url).includes('create-order'));

  it('warns that no plan was chosen for a subscription, and links to the plans', () => {
    renderWith({ ...plan, planId: undefined });
    expect(screen.getByText('未选择订阅套餐')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选择套餐' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: '确认订阅' })).not.toBeInTheDocument();
  });

  it('warns that a one-time item without id or price is incomplete, with a way back', () => {
    renderWith({ paymentType: 'one-time', planName: '单次查看', from: '/solutions/x/view' });
    expect(screen.getByText('支付项目信息不完整')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回' })).toHaveAttribute('href', '/solutions/x/view');
  });

  it('treats arriving with no state at all as an incomplete item', () => {
    renderWith(null);
    expect(screen.getByText('支付项目信息不完整')).toBeInTheDocument();
  });

  it('shows the plan, its price, the wallet chosen and the subscription wording', () => {
    renderWith(plan);
    expect(screen.getByRole('heading', { name: '确认支付' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-plan')).toHaveTextContent('专业版（月付）');
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('¥99.00/月');
    expect(screen.getByLabelText('支付宝')).toBeChecked();
    expect(screen.getByLabelText('微信支付（暂未开通）')).toBeDisabled();
    expect(screen.getByRole('button', { name: '确认订阅' })).toBeEnabled();
    expect(screen.getByRole('link', { name: '返回' })).toHaveAttribute('href', '/subscription');
  });

  it('formats a one-time price from minor units when no display price is given, and says pay now', () => {
    renderWith({
      planId: 'single_solution_view',
      planName: '单次查看',
      priceInfo: { amount: 500, currency: 'CNY' },
      paymentType: 'one_time',
      from: '/solutions/1/view',
    });
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('¥5.00');
    expect(screen.getByRole('button', { name: '立即支付' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回' })).toHaveAttribute('href', '/solutions/1/view');
  });

  it('sends a signed-out buyer to log in without creating an order', async () => {
    renderWith(plan);
    await userEvent.setup().click(screen.getByRole('button', { name: '确认订阅' }));
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(orderCalls()).toEqual([]);
  });

  it('reports a wallet answer without a form, and lets the buyer try again', async () => {
    localStorage.setItem('token', 'a.b.c');
    fetchSpy.mockImplementation(async (url) =>
      String(url).includes('create-order')
        ? new Response(JSON.stringify({ type: 'form', paymentForm: '<p>no form here</p>', orderId: 'o1' }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 404 }),
    );
    renderWith(plan);
    await userEvent.setup().click(screen.getByRole('button', { name: '确认订阅' }));
    expect(await screen.findByText('支付宝支付表单提交失败（未找到表单元素）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认订阅' })).toBeEnabled();
    expect(JSON.parse(String(orderCalls()[0][1]?.body))).toEqual({
      paymentType: 'subscription',
      priceId: plan.planId,
    });
  });

  it('shows the server’s message in a dismissible alert', async () => {
    localStorage.setItem('token', 'a.b.c');
    fetchSpy.mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            statusCode: 400,
            code: 'ITEM_NOT_AVAILABLE',
            error: 'ITEM_NOT_AVAILABLE',
            message: '该商品或套餐暂不可购买',
          }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    renderWith(plan);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '确认订阅' }));
    expect(await screen.findByText('该商品或套餐暂不可购买')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /close|关闭/i }));
    expect(screen.queryByText('该商品或套餐暂不可购买')).not.toBeInTheDocument();
  });

  it('gives up waiting for the wallet after 10 s and says what to check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      localStorage.setItem('token', 'a.b.c');
      const form = '<form action="about:blank" method="post"><input type="hidden" name="x" value="1"></form>';
      const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
      fetchSpy.mockImplementation(
        async () =>
          new Response(JSON.stringify({ type: 'form', paymentForm: form, orderId: 'o2' }), {
            headers: { 'content-type': 'application/json' },
          }),
      );
      renderWith(plan);
      await userEvent
        .setup({ advanceTimers: vi.advanceTimersByTime })
        .click(screen.getByRole('button', { name: '确认订阅' }));
      await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
      expect(screen.getByRole('button', { name: '确认订阅' })).toBeDisabled();
      expect(JSON.parse(localStorage.getItem('pendingPaymentInfo')!)).toEqual({ orderId: 'o2' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await screen.findByText(/跳转支付页面超时/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '确认订阅' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});
