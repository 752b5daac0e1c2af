import type { SessionResponse } from '@think-tank/contracts';
import type { SmtpSink } from './smtp-sink';
import type { TestApp } from './test-app';

let counter = 0;

/** A unique, valid registration. */
export function newAccount(prefix = 'user') {
  counter += 1;
  const name = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: name, email: `${name}@example.cn`, password: 'Secr3t!pass' };
}

/** Registers, reads the code from the mail and verifies: a logged-in user in one line. */
export async function verifiedUser(t: TestApp, sink: SmtpSink, prefix?: string) {
  const account = newAccount(prefix);
  await t.http.post('/api/auth/register').send(account).expect(201);
  const res = await t.http
    .post('/api/auth/verify-email')
    .send({ email: account.email, code: await sink.code(account.email) })
    .expect(200);
  return { ...account, session: res.body as SessionResponse };
}

/** The Authorization header of a user made by verifiedUser. */
export const bearer = (u: { session: SessionResponse }) => ({
  Authorization: `Bearer ${u.session.access_token}`,
});
