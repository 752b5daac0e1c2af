import type { MyOrder } from '@think-tank/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvoiceRequestForm } from './InvoiceRequestForm';

const order = { id: 'o-1', displayPrice: '¥99.00' } as MyOrder;
const form = (email: string) => (
  <InvoiceRequestForm order={order} email={email} onClose={() => undefined} onSent={() => undefined} />
);

describe('InvoiceRequestForm', () => {
  it('fills the e-mail with the account’s address when it arrives after the dialog opened', () => {
    const { rerender } = render(form(''));
    const field = screen.getByLabelText('接收邮箱 *');
    expect(field).toHaveValue('');
    rerender(form('buyer@example.cn'));
    expect(field).toHaveValue('buyer@example.cn');
  });

  it('keeps what the user typed when the account’s address arrives later', async () => {
    const { rerender } = render(form(''));
    const field = screen.getByLabelText('接收邮箱 *');
    await userEvent.type(field, 'finance@example.cn');
    rerender(form('buyer@example.cn'));
    expect(field).toHaveValue('finance@example.cn');
  });

  it('asks a person for their name only, on a normal invoice, and sends no tax number', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ id: 'i-1' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    render(form('buyer@example.cn'));
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('个人'));
    expect(screen.queryByLabelText(/纳税人识别号/)).toBeNull();
    expect(screen.queryByLabelText('增值税专用发票')).toBeNull();
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请填写您的姓名作为发票抬头')).toBeInTheDocument();
    await user.type(screen.getByLabelText('姓名（发票抬头） *'), '王小明');
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    const body = JSON.parse(String(fetchSpy.mock.calls[0][1]?.body));
    expect(body).toEqual({
      titleType: 'personal',
      type: 'normal',
      title: '王小明',
      email: 'buyer@example.cn',
    });
  });
  afterEach(() => vi.restoreAllMocks());
});
