import { inject } from 'vitest';
import { E2E_ADMIN } from './server';

const baseUrl = () => inject('baseUrl');

/** One API call as a script makes it: the JSON answer, or an error naming the call and its answer. */
export async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string; username: string; role: string };
}

export const loginAsAdmin = () =>
  call<Session>('POST', '/api/auth/login', { username: E2E_ADMIN.email, password: E2E_ADMIN.password });

/**
 * The newest code mailed to an address or texted to a number (E.164), from the development outbox; the worker sends
 * mail shortly after, a text leaves with its request.
 */
export async function mailedCode(to: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const mails = await call<{ text: string }[]>('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const match = mails.length ? /验证码是 (\d{6})/.exec(mails[0].text) : null;
    if (match) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code sent to ${to}`);
}

/** A verified account through the real API: register, read the code from the dev outbox, verify. */
export async function newVerifiedUser(
  prefix: string,
): Promise<Session & { email: string; password: string }> {
  const name = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const email = `${name}@example.cn`;
  const password = 'Secr3t!pass';
  await call('POST', '/api/auth/register', { username: name, email, password, acceptedTerms: true });
  const code = await mailedCode(email);
  return { ...(await call<Session>('POST', '/api/auth/verify-email', { email, code })), email, password };
}

/** A solution added to the library by the e2e admin; answers its id. */
export async function createSolutionAsAdmin(input: Record<string, string>): Promise<string> {
  const admin = await loginAsAdmin();
  return (await call<{ _id: string }>('POST', '/api/admin/solutions', input, admin.access_token))._id;
}

/** A demand of the user's, its start-up fee paid in the sandbox cashier (its Startup then runs); answers its id. */
export async function paidDemand(
  user: Session,
  demand: { name: string; content: string; keyValuePoints: string },
) {
  const { demandId } = await call<{ demandId: string }>(
    'POST',
    '/api/demand-store/register-demand',
    demand,
    user.access_token,
  );
  const pay = await call<{ paymentUrl: string }>(
    'POST',
    '/api/payments/initiate-demand-startup',
    { demandId },
    user.access_token,
  );
  const paid = await fetch(`${baseUrl()}${pay.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
  return demandId;
}

/** Waits until the demand's Startup stage has run (the worker's built-in generator): its page then stays put. */
export async function startedDemand(user: Session, demandId: string) {
  for (let i = 0; i < 80; i++) {
    const demand = await call<{ stagesData: { Startup: { status: string } } }>(
      'GET',
      `/api/demand-store/${demandId}`,
      undefined,
      user.access_token,
    );
    if (demand.stagesData.Startup.status === 'Completed') return demandId;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`demand ${demandId} did not complete Startup`);
}

/** A support account: a new user the e2e admin makes support through the console's API. */
export async function newSupport() {
  const user = await newVerifiedUser('support');
  const admin = await loginAsAdmin();
  await call('PATCH', `/api/admin/users/${user.user.id}`, { role: 'support' }, admin.access_token);
  return { ...user, user: { ...user.user, role: 'support' } };
}

/** A solution view bought by the user and paid in the sandbox cashier: the order's id. */
export async function paidViewOrder(user: Session, solutionId: string): Promise<string> {
  const order = await call<{ orderId: string; paymentUrl: string }>(
    'POST',
    '/api/solutions/initiate-solution-payment',
    { solutionId },
    user.access_token,
  );
  const paid = await fetch(`${baseUrl()}${order.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
  return order.orderId;
}

/** A pending normal invoice request for the user's paid order. */
export const requestInvoice = (user: Session, orderId: string) =>
  call(
    'POST',
    `/api/payments/orders/${orderId}/invoice`,
    {
      type: 'normal',
      title: '杭州鲜达冷链有限公司',
      taxNumber: '91350100M000100Y43',
      email: 'finance@example.cn',
    },
    user.access_token,
  );

/** A pending VIP application of the user's. */
export const applyForVip = (user: Session) =>
  call(
    'POST',
    '/api/users/vip-application',
    {
      company: '杭州鲜达冷链有限公司',
      contactName: '王芳',
      phone: '13800138000',
      email: 'wang@example.cn',
      industry: 'retail',
      purpose: '为连锁门店的冷链配送寻找可落地的解决方案，并用需求工坊梳理需求。',
    },
    user.access_token,
  );
