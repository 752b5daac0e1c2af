import { registrationErrors, type ErrorBody } from '@think-tank/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormField } from '../components/FormField';
import { ApiError } from './api-client';
import { useForm } from './use-form';

type Field = 'username' | 'email' | 'password' | 'confirmPassword';

/** A registration form on the kit, with a button that plays back the server's refusal. */
function Harness({ refusal }: { refusal: ApiError }) {
  const form = useForm<Record<Field, string>>(
    { username: '', email: '', password: '', confirmPassword: '' },
    registrationErrors,
  );
  return (
    <form onSubmit={(e) => (e.preventDefault(), form.validate())}>
      <FormField form={form} name="username" id="u" label="用户名" />
      <FormField form={form} name="email" id="e" label="邮箱" hint="用于登录" />
      <button type="submit">check</button>
      <button type="button" onClick={() => form.showServerErrors(refusal, { EMAIL_TAKEN: 'email' })}>
        refuse
      </button>
    </form>
  );
}

const refusal = (body: Partial<ErrorBody>) => new ApiError(409, body as ErrorBody);

describe('useForm with FormField', () => {
  it('shows the shared rules’ messages on their fields, and clears a field’s once it is edited', async () => {
    render(<Harness refusal={refusal({})} />);
    await userEvent.click(screen.getByText('check'));
    const username = screen.getByLabelText('用户名');
    expect(username).toHaveAttribute('class', expect.stringContaining('is-invalid'));
    expect(screen.getByText('用户名不能为空')).toBeInTheDocument();
    await userEvent.type(username, 'wang');
    expect(username).not.toHaveAttribute('class', expect.stringContaining('is-invalid'));
    expect(screen.getByLabelText('邮箱')).toHaveAttribute('class', expect.stringContaining('is-invalid'));
  });

  it('maps a refusal onto its field: by the code that names it, or by the 400’s details', async () => {
    const { unmount } = render(
      <Harness refusal={refusal({ code: 'EMAIL_TAKEN', message: '该邮箱已被注册' } as Partial<ErrorBody>)} />,
    );
    await userEvent.click(screen.getByText('refuse'));
    expect(screen.getByText('该邮箱已被注册')).toBeInTheDocument();
    expect(screen.getByText('用于登录')).toBeInTheDocument();
    unmount();
    render(
      <Harness
        refusal={refusal({
          details: [{ field: 'username', message: '用户名含有不允许的字符' }],
        } as Partial<ErrorBody>)}
      />,
    );
    await userEvent.click(screen.getByText('refuse'));
    expect(screen.getByLabelText('用户名')).toHaveAttribute('class', expect.stringContaining('is-invalid'));
    expect(screen.getByText('用户名含有不允许的字符')).toBeInTheDocument();
  });

  it('sends through onSubmit: checked first, busy meanwhile, a refusal on its field or else in the form’s alert', async () => {
    const sent: string[] = [];
    function Sender({ answer }: { answer: ApiError }) {
      const form = useForm({ email: '' }, (v) => ({ email: v.email ? undefined : 'emailRequired' }));
      return (
        <form
          onSubmit={form.onSubmit(
            async (v) => {
              sent.push(v.email);
              throw answer;
            },
            () => '发送失败',
            { EMAIL_TAKEN: 'email' },
          )}
        >
          <FormField form={form} name="email" id="s" label="邮箱" />
          {form.error && <p role="alert">{form.error}</p>}
          <button type="submit" disabled={form.submitting}>
            send
          </button>
        </form>
      );
    }
    const { unmount } = render(
      <Sender answer={refusal({ code: 'EMAIL_TAKEN', message: '该邮箱已被注册' })} />,
    );
    await userEvent.click(screen.getByText('send'));
    expect(sent).toEqual([]);
    expect(screen.getByText('邮箱不能为空')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('邮箱'), 'li@example.cn');
    await userEvent.click(screen.getByText('send'));
    expect(sent).toEqual(['li@example.cn']);
    expect(await screen.findByText('该邮箱已被注册')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    render(<Sender answer={new ApiError(0, undefined, 'network')} />);
    await userEvent.type(screen.getByLabelText('邮箱'), 'li@example.cn');
    await userEvent.click(screen.getByText('send'));
    expect(await screen.findByRole('alert')).toHaveTextContent('发送失败');
  });

  it('checks an edited field again as it changes once the form was checked, and binds switches', async () => {
    function Plan() {
      const form = useForm({ price: '', onSale: false }, (v) => ({
        price: /^\d+(\.\d{1,2})?$/.test(v.price) ? undefined : 'admin:plans.wrong.money',
      }));
      return (
        <form onSubmit={(e) => (e.preventDefault(), form.validate())}>
          <FormField form={form} name="price" id="p" label="价格" />
          <input type="checkbox" aria-label="在售" {...form.bindSwitch('onSale')} />
          <output>{String(form.values.onSale)}</output>
          <button type="submit">check</button>
        </form>
      );
    }
    render(<Plan />);
    const price = screen.getByLabelText('价格');
    await userEvent.type(price, '9.999');
    // Not checked yet: nothing is said while the first value is typed.
    expect(price).not.toHaveAttribute('class', expect.stringContaining('is-invalid'));
    await userEvent.click(screen.getByText('check'));
    expect(price).toHaveAttribute('class', expect.stringContaining('is-invalid'));
    await userEvent.type(price, '{Backspace}');
    expect(price).not.toHaveAttribute('class', expect.stringContaining('is-invalid'));
    await userEvent.type(price, '9');
    expect(price).toHaveAttribute('class', expect.stringContaining('is-invalid'));
    await userEvent.click(screen.getByLabelText('在售'));
    expect(screen.getByText('true')).toBeInTheDocument();
  });
});
