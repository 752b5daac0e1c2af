import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ResetPasswordPage from './ResetPasswordPage';

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <ResetPasswordPage />
    </MemoryRouter>,
  );

describe('ResetPasswordPage', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  afterEach(() => fetchSpy.mockClear());
  /** Calls that would have sent the form (the page may still ask which sign-in providers exist). */
  const formCalls = () => fetchSpy.mock.calls.filter(([url]) => !String(url).endsWith('/api/auth/providers'));

  it('refuses a link without token or e-mail', () => {
    renderAt('/reset-password?token=abc');
    expect(screen.getByText('无效的密码重置链接，缺少必要信息')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
  });

  it('checks that the passwords match and are long enough before sending', async () => {
    renderAt('/reset-password?token=abc&email=li%40example.cn');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^新密码/), 'Abcdef1!x');
    await user.type(screen.getByLabelText(/^确认新密码/), 'Abcdef1!y');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(screen.getByText('两次输入的新密码不一致')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^新密码/));
    await user.clear(screen.getByLabelText(/^确认新密码/));
    await user.type(screen.getByLabelText(/^新密码/), 'Ab1!');
    await user.type(screen.getByLabelText(/^确认新密码/), 'Ab1!');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(screen.getByText('新密码长度至少为 8 位')).toBeInTheDocument();
    expect(formCalls()).toEqual([]);
  });
});
