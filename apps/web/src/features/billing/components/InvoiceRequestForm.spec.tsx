import type { MyOrder } from '@think-tank/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
