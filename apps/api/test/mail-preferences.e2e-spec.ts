import { WebRoute } from '@think-tank/contracts';
import type { ParsedMail } from 'mailparser';
import { Messages } from '../src/modules/notifications/notifications.messages';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { bearer, verifiedUser } from './support/accounts';
import { appWithMailSink, type TestApp } from './support/test-app';

/** Events that also come by e-mail, chosen per user, each mail with a one-click unsubscribe (contract §11). */
let t: TestApp;
const sink = appWithMailSink((app) => (t = app));

type User = Awaited<ReturnType<typeof verifiedUser>>;
const PREFS = '/api/users/me/notification-preferences';
const stageDone = () =>
  Messages.stageCompleted('智能补货', { zh: '启动', en: 'Startup' }, WebRoute.demand('x'));
const paid = () => Messages.paymentSucceeded('单次查看方案（30 天）', { amount: 500, currency: 'CNY' }, null);
/** A header of a received mail, as it was written. */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();
/** The one-click address of a mail's List-Unsubscribe. */
const oneClickOf = (mail: ParsedMail) => /^<(.+)>$/.exec(header(mail, 'list-unsubscribe') ?? '')![1];
const send = (u: User, draft: ReturnType<typeof paid>) =>
  t.app.get(NotificationsService).send([u.session.user.id], draft);

describe('notification preferences (GET|PUT /api/users/me/notification-preferences)', () => {
  it('starts with stage and payment mails on, changes any of them, and is the user’s own', async () => {
    const u = await verifiedUser(t, sink, 'prefs');
    expect((await t.http.get(PREFS).set(bearer(u)).expect(200)).body).toEqual({
      stage: true,
      payment: true,
      subscription: false,
    });
    const changed = await t.http.put(PREFS).set(bearer(u)).send({ subscription: true }).expect(200);
    expect(changed.body).toEqual({ stage: true, payment: true, subscription: true });
    await t.http.put(PREFS).set(bearer(u)).send({ stage: false }).expect(200);
    expect((await t.http.get(PREFS).set(bearer(u)).expect(200)).body).toEqual({
      stage: false,
      payment: true,
      subscription: true,
    });
    await t.http.put(PREFS).set(bearer(u)).send({ stage: 'no' }).expect(400);
    await t.http.put(PREFS).set(bearer(u)).send({ admin: true }).expect(400);
    await t.http.get(PREFS).expect(401);
  });
});

describe('the mails', () => {
  it('mails an event in the user’s language with RFC 8058 headers; none for a kind turned off', async () => {
    const u = await verifiedUser(t, sink, 'mailed');
    // Signing in in English makes English the language of their mails.
    await t.http
      .post('/api/auth/login')
      .set('Accept-Language', 'en-US')
      .send({ username: u.username, password: u.password })
      .expect(200);
    await send(u, stageDone());
    const [mail] = (await sink.received(u.email, 2)).slice(1); // after the registration code
    expect(mail.subject).toBe('智库: Stage completed');
    expect(mail.text).toContain('The Startup stage of “智能补货” is ready');
    const oneClick = oneClickOf(mail);
    expect(oneClick).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // One click, as a mail client makes it: a form POST to that address, no session.
    const path = new URL(oneClick).pathname + new URL(oneClick).search;
    const about = await t.http.get(path).expect(200);
    expect(about.body).toEqual({ kind: 'stage', subscribed: true });
    await t.http
      .post(path)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200, { kind: 'stage', subscribed: false });
    expect((await t.http.get(PREFS).set(bearer(u)).expect(200)).body.stage).toBe(false);

    // Now a stage's mail is not sent, a payment's still is (the mail queue delivers in order, one at a time).
    await send(u, stageDone());
    await send(u, paid());
    const after = (await sink.received(u.email, 3)).slice(2);
    expect(after.map((m) => m.subject)).toEqual(['智库: Payment received']);
    expect(sink.to(u.email).filter((m) => m.subject === '智库: Stage completed')).toHaveLength(1);
    // The message itself is in the app either way.
    const messages = (await t.http.get('/api/messages?page=1&limit=7').set(bearer(u)).expect(200)).body;
    expect(messages.messages.filter((m: { title: string }) => m.title === '阶段已完成')).toHaveLength(2);
  });

  it('refuses a forged, altered or foreign token (404), changing nothing', async () => {
    const u = await verifiedUser(t, sink, 'forged');
    await send(u, paid());
    const [mail] = (await sink.received(u.email, 2)).slice(1);
    const token = new URL(oneClickOf(mail)).searchParams.get('token')!;
    const [userId, , mac] = token.split('.');
    for (const bad of [
      `${userId}.stage.${mac}`,
      `${userId}.payment.${mac}x`,
      'nonsense',
      '',
      'a'.repeat(500),
    ])
      await t.http.post(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`).expect(404);
    await t.http.post('/api/notifications/unsubscribe').expect(404);
    expect((await t.http.get(PREFS).set(bearer(u)).expect(200)).body).toEqual({
      stage: true,
      payment: true,
      subscription: false,
    });
  });
});
