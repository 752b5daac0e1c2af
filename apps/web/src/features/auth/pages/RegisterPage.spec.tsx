import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RegisterPage from './RegisterPage';

function renderPage(state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/register', state }]}>
      <RegisterPage />
    </MemoryRouter>,
  );
}

describe('RegisterPage', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  afterEach(() => fetchSpy.mockClear());
  /** Calls that would have sent the form (the page may still ask which sign-in providers exist). */
  const formCalls = () => fetchSpy.mock.calls.filter(([url]) => !String(url).endsWith('/api/auth/providers'));

  it('shows every rule broken by an empty form, in Chinese, and sends nothing', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('用户名不能为空')).toBeInTheDocument();
    expect(screen.getByText('邮箱不能为空')).toBeInTheDocument();
    expect(screen.getByText('密码不能为空')).toBeInTheDocument();
    expect(formCalls()).toEqual([]);
  });

  it('checks the e-mail pattern, password length and composition, and the confirmation, keeping what was typed', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^用户名/), 'li_lei');
    await user.type(screen.getByLabelText(/^邮箱/), 'li-at-example');
    await user.type(screen.getByLabelText(/^密码/), 'Ab1!');
    await user.type(screen.getByLabelText(/^确认密码/), 'different');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('邮箱格式不正确')).toBeInTheDocument();
    expect(screen.getByText('密码长度不能少于 8 位。')).toBeInTheDocument();
    expect(screen.getByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(screen.getByLabelText(/^用户名/)).toHaveValue('li_lei');

    await user.clear(screen.getByLabelText(/^密码/));
    await user.type(screen.getByLabelText(/^密码/), 'alllowercase1');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('密码必须包含大写字母、小写字母、数字和至少一个特殊字符。')).toBeInTheDocument();
    expect(formCalls()).toEqual([]);
  });

  it('starts at step 2 for an address coming from the login page, and insists on 6 characters', async () => {
    renderPage({ initialStep: 2, emailFromLogin: 'li@example.cn' });
    const code = screen.getByLabelText('邮箱验证码');
    await userEvent.type(code, '1234567');
    expect(code).toHaveValue('123456');
    await userEvent.clear(code);
    await userEvent.type(code, '123');
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(screen.getByText('请输入6位邮箱验证码')).toBeInTheDocument();
    expect(formCalls()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '返回上一步' }));
    expect(screen.getByLabelText(/^邮箱/)).toHaveValue('li@example.cn');
  });

  it('sends nothing until the terms are accepted, then says so to the server', async () => {
    fetchSpy.mockImplementation(async () =>
      Response.json({ message: '注册成功，验证码已发送至您的邮箱' }, { status: 201 }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^用户名/), 'li_lei');
    await user.type(screen.getByLabelText(/^邮箱/), 'li@example.cn');
    await user.type(screen.getByLabelText(/^密码/), 'Secr3t!pass');
    await user.type(screen.getByLabelText(/^确认密码/), 'Secr3t!pass');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('请阅读并同意服务条款和隐私政策')).toBeInTheDocument();
    expect(formCalls()).toEqual([]);
    expect(screen.getByRole('link', { name: '《服务条款》' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacy');

    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '注册' }));
    await screen.findByText('注册成功，验证码已发送至您的邮箱');
    const [[url, init]] = formCalls();
    expect(String(url)).toMatch(/\/api\/auth\/register$/);
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: 'li_lei', acceptedTerms: true });
    fetchSpy.mockReset();
  });
});
