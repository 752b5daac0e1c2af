import { NOTIFICATIONS_NAMESPACE, NotificationEvent, type MessageItem } from '@think-tank/contracts';
import Redis from 'ioredis';
import * as jwt from 'jsonwebtoken';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { shardedChannel } from '../src/core/realtime/socket-adapter';
import { userRoom } from '../src/core/realtime/socket-push.service';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { bearer, verifiedUser } from './support/accounts';
import { SmtpSink } from './support/smtp-sink';
import { nextEvent as next } from './support/socket-events';
import { waitFor } from './support/wait';
import { paySandbox } from './support/factories';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app';

type User = Awaited<ReturnType<typeof verifiedUser>>;
const draft = (n: number) => ({
  title: { zh: `消息${n}`, en: `Message ${n}` },
  content: { zh: `内容${n}`, en: `Content ${n}` },
  actionUrl: `/solutions?n=${n}`,
});

/**
 * The account's welcome is pushed through Redis when the e-mail is verified and may reach a socket opened just
 * after: a test waiting for its own message skips it.
 */
const notWelcome = (m: MessageItem) => m.title !== '欢迎来到智库' && m.title !== 'Welcome to 智库';
const nextMessage = (socket: Socket) =>
  next<MessageItem>(socket, NotificationEvent.newMessage, undefined, notWelcome);

describe('notifications (contract §7)', () => {
  let t: TestApp;
  let replica: TestApp;
  const sink = new SmtpSink();
  const sockets: Socket[] = [];
  const urlOf = (app: TestApp) =>
    `http://127.0.0.1:${(app.app.getHttpServer().address() as { port: number }).port}`;
  const connect = (app: TestApp, auth: object) => {
    const socket = io(`${urlOf(app)}/notifications`, {
      auth,
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };
  const connected = async (app: TestApp, u: User, lang = 'zh') => {
    const socket = connect(app, { token: u.session.access_token, lang });
    await next(socket, 'connect');
    return socket;
  };

  beforeAll(async () => {
    const smtp = await sink.start();
    t = await startTestApp({ SMTP_URL: smtp });
    await t.app.listen(0, '127.0.0.1');
    replica = await startTestApp({ SMTP_URL: smtp }, t);
    await replica.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await replica.close();
    await t.close();
    await sink.stop();
  });

  it('welcomes a verified user, pages 7 at a time newest first, and counts the unread', async () => {
    const u = await verifiedUser(t, sink, 'reader');
    const service = t.app.get(NotificationsService);
    for (let n = 1; n <= 9; n++) await service.send([u.session.user.id], draft(n));

    const page1 = (await t.http.get('/api/messages?page=1&limit=7').set(bearer(u)).expect(200)).body;
    expect(page1).toMatchObject({ pages: 2, total: 10 });
    expect(page1.messages.map((m: MessageItem) => m.title)).toEqual([
      '消息9',
      '消息8',
      '消息7',
      '消息6',
      '消息5',
      '消息4',
      '消息3',
    ]);
    expect(page1.messages[0]).toEqual({
      _id: expect.any(String),
      title: '消息9',
      content: '内容9',
      createdAt: expect.any(String),
      readStatus: 'unread',
      actionUrl: '/solutions?n=9',
    });
    const page2 = (
      await t.http.get('/api/messages?page=2').set(bearer(u)).set('Accept-Language', 'en').expect(200)
    ).body;
    expect(page2.messages.map((m: MessageItem) => m.title)).toEqual([
      'Message 2',
      'Message 1',
      'Welcome to 智库',
    ]);
    expect((await t.http.get('/api/messages/unread-count').set(bearer(u)).expect(200)).body).toEqual({
      count: 10,
    });

    await t.http
      .patch(`/api/messages/${page1.messages[0]._id}/read`)
      .set(bearer(u))
      .expect(200, { _id: page1.messages[0]._id, readStatus: 'read' });
    expect((await t.http.get('/api/messages/unread-count').set(bearer(u))).body).toEqual({ count: 9 });
    expect((await t.http.get('/api/messages').set(bearer(u))).body.messages[0].readStatus).toBe('read');
    await t.http.get('/api/messages?limit=51').set(bearer(u)).expect(400);
    await t.http.get('/api/messages').expect(401);
  });

  it('answers another user’s message, an unknown one and a malformed id with 404', async () => {
    const owner = await verifiedUser(t, sink, 'owner');
    const other = await verifiedUser(t, sink, 'other');
    const [welcome] = (await t.http.get('/api/messages').set(bearer(owner))).body.messages;
    await t.http
      .patch(`/api/messages/${welcome._id}/read`)
      .set(bearer(other))
      .expect(404, /NOT_FOUND/);
    await t.http
      .patch('/api/messages/00000000-0000-4000-8000-000000000000/read')
      .set(bearer(owner))
      .expect(404);
    await t.http.patch('/api/messages/nope/read').set(bearer(owner)).expect(404);
    expect((await t.http.get('/api/messages').set(bearer(owner))).body.messages[0].readStatus).toBe('unread');
  });

  it('marks all of one user’s messages read at once, tells their sockets, and leaves other users’ alone', async () => {
    const u = await verifiedUser(t, sink, 'allread');
    const other = await verifiedUser(t, sink, 'allreadother');
    const service = t.app.get(NotificationsService);
    for (let n = 1; n <= 3; n++) await service.send([u.session.user.id, other.session.user.id], draft(n));
    const socket = await connected(t, u);
    const zero = next<{ count: number }>(
      socket,
      NotificationEvent.unreadCountUpdate,
      undefined,
      (c) => c.count === 0,
    );

    await t.http.patch('/api/messages/read-all').set(bearer(u)).expect(200, { count: 0 });
    await zero;
    expect((await t.http.get('/api/messages/unread-count').set(bearer(u))).body).toEqual({ count: 0 });
    const { messages } = (await t.http.get('/api/messages').set(bearer(u))).body as {
      messages: MessageItem[];
    };
    expect(messages.map((m) => m.readStatus)).toEqual(['read', 'read', 'read', 'read']);
    // The welcome and the three: the other account's stay unread.
    expect((await t.http.get('/api/messages/unread-count').set(bearer(other))).body).toEqual({ count: 4 });
    // Nothing left to mark: the same answer.
    await t.http.patch('/api/messages/read-all').set(bearer(u)).expect(200, { count: 0 });
    await t.http.patch('/api/messages/read-all').expect(401);
  });

  it('refuses sockets from a browser on another origin than PUBLIC_URL', async () => {
    const u = await verifiedUser(t, sink, 'origin');
    const from = (origin: string) => {
      const socket = io(`${urlOf(t)}/notifications`, {
        auth: { token: u.session.access_token },
        transports: ['websocket'],
        extraHeaders: { origin },
        reconnection: false,
      });
      sockets.push(socket);
      return socket;
    };
    await next(from('https://evil.example'), 'connect_error');
    await next(from('http://localhost:3000'), 'connect');
  });

  it('speaks WebSocket only, so that no balancer needs sticky sessions: a long-polling handshake is refused', async () => {
    const polling = await fetch(`${urlOf(t)}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
    expect(await polling.json()).toMatchObject({ message: 'Transport unknown' });
    const u = await verifiedUser(t, sink, 'wsonly');
    expect((await connected(t, u)).io.engine.transport.name).toBe('websocket');
  });

  it('refuses sockets without a valid access token with connect_error UNAUTHORIZED', async () => {
    const u = await verifiedUser(t, sink, 'socket');
    for (const auth of [
      {},
      { token: 'not-a-jwt' },
      { token: u.session.refresh_token },
      { token: `${u.session.access_token}x` },
    ]) {
      const error = await next<Error>(connect(t, auth), 'connect_error');
      expect(error.message).toBe('UNAUTHORIZED');
    }
    // The root namespace serves nothing, and takes nobody, with a token or without.
    for (const auth of [{}, { token: u.session.access_token }]) {
      const root = io(`${urlOf(t)}/`, {
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(root);
      expect((await next<Error>(root, 'connect_error')).message).toBe('UNAUTHORIZED');
    }
  });

  it('tells a socket whose token expires, and closes it', async () => {
    const u = await verifiedUser(t, sink, 'expiring');
    const token = jwt.sign({ sub: u.session.user.id, role: 'Free', typ: 'access', ver: 0 }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
      expiresIn: 1,
    });
    // Listening before the handshake: on a busy machine the token's last milliseconds pass while the socket is
    // admitted, and the connect, the notice and the close then arrive in one read, before an await could listen.
    const socket = connect(t, { token });
    const admitted = next(socket, 'connect');
    const told = next(socket, 'session_expired');
    const closed = next<string>(socket, 'disconnect');
    await admitted;
    await told;
    expect(await closed).toBe('io server disconnect');
  });

  it('pushes new messages and counts in the socket’s language, and answers request_unread_count', async () => {
    const u = await verifiedUser(t, sink, 'live');
    const zh = await connected(t, u, 'zh');
    const en = await connected(t, u, 'en');
    const asked = next<{ count: number }>(zh, NotificationEvent.unreadCountUpdate);
    zh.emit(NotificationEvent.requestUnreadCount);
    expect(await asked).toEqual({ count: 1 });

    const zhMessage = nextMessage(zh);
    const enMessage = nextMessage(en);
    const count = next<{ count: number }>(
      en,
      NotificationEvent.unreadCountUpdate,
      undefined,
      (c) => c.count === 2,
    );
    await t.app.get(NotificationsService).send([u.session.user.id], draft(1));
    expect(await zhMessage).toMatchObject({
      title: '消息1',
      readStatus: 'unread',
      actionUrl: '/solutions?n=1',
    });
    expect((await enMessage).title).toBe('Message 1');
    expect(await count).toEqual({ count: 2 });
  });

  it('reaches a socket on another replica within a second, and closes sockets on logout', async () => {
    const u = await verifiedUser(t, sink, 'replica');
    const onReplica = await connected(replica, u);
    const started = Date.now();
    const arrived = nextMessage(onReplica);
    await t.app.get(NotificationsService).send([u.session.user.id], draft(7));
    expect((await arrived).title).toBe('消息7');
    expect(Date.now() - started).toBeLessThan(1000);
    // Sharded: the user's room channel reaches the one replica holding their socket, not every replica.
    const redis = new Redis(t.config.redis.url);
    const rooms = [userRoom(u.session.user.id, 'zh'), 'user:nobody-here:zh'];
    const counts = await redis.call(
      'PUBSUB',
      'SHARDNUMSUB',
      ...rooms.map((room) => shardedChannel(t.config, NOTIFICATIONS_NAMESPACE, room)),
    );
    redis.disconnect();
    expect((counts as (string | number)[]).filter((_, i) => i % 2 === 1).map(Number)).toEqual([1, 0]);

    const closed = next<string>(onReplica, 'disconnect');
    await t.http
      .post('/api/auth/logout')
      .send({ refresh_token: u.session.refresh_token })
      .expect((r) => expect(r.status).toBeLessThan(300));
    expect(await closed).toBe('io server disconnect');
  });

  it('delivers what a worker process emits through Redis, holding no sockets', async () => {
    const u = await verifiedUser(t, sink, 'worker');
    const socket = await connected(t, u);
    // The child's own start (Node, ioredis, the emitter) is inside this wait: seconds on a loaded machine.
    const arrived = nextMessage(socket);
    // The worker's own SocketPush in a process of its own; the child prints how many subscribers Redis handed the
    // event to, so that a miss says whether the event left the child at all and whether this API was listening.
    const script = `
      require('reflect-metadata');
      const { loadConfig } = require('./src/core/config/app-config');
      const { SocketPush } = require('./src/core/realtime/socket-push.service');
      const push = new SocketPush(loadConfig(process.env));
      const redis = push.redis;
      const spublish = redis.spublish.bind(redis);
      redis.spublish = (...args) => spublish(...args).then((n) => (console.log('receivers=' + n), n));
      push.toRoom('/notifications', 'user:' + process.env.USER_ID + ':zh', 'new_message', { _id: 'w1', title: '来自后台任务', content: '', createdAt: new Date().toISOString(), readStatus: 'unread', actionUrl: null });
      push.onApplicationShutdown().catch((e) => { console.error(e); process.exit(1); });`;
    const worker = spawn(process.execPath, ['-r', './swc-register.js', '-e', script], {
      cwd: resolve(__dirname, '..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        REDIS_URL: t.config.redis.url,
        REDIS_PREFIX: t.config.redisPrefix,
        USER_ID: u.session.user.id,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    worker.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise((resolve) => worker.on('exit', resolve));
    expect({ code, out: out.trim() }).toEqual({ code: 0, out: expect.stringMatching(/^receivers=[1-9]/) });
    expect((await arrived).title).toBe('来自后台任务');
  });

  it('tells the buyer when a payment succeeds', async () => {
    const u = await verifiedUser(t, sink, 'buyer');
    await t.db.query(
      `INSERT INTO plans (code, name, "nameEn", "priceCny", "priceUsd", "periodType") VALUES ('m', '月度', 'Monthly', 1000, 200, 'monthly')`,
    );
    const [plan] = await t.db.query(`SELECT id FROM plans WHERE code = 'm'`);
    const socket = await connected(t, u);
    const messages: MessageItem[] = [];
    socket.on(NotificationEvent.newMessage, (m: MessageItem) => notWelcome(m) && messages.push(m));
    const { body } = await t.http
      .post('/api/payments/alipay/create-order')
      .set(bearer(u))
      .send({ paymentType: 'subscription', priceId: plan.id })
      .expect(200);
    await paySandbox(t, body.paymentUrl);
    const list = (await t.http.get('/api/messages').set(bearer(u))).body.messages.map(
      (m: MessageItem) => m.title,
    );
    expect(list.slice(0, 2).sort()).toEqual(['支付成功', '订阅已生效'].sort());
    await waitFor(async () => messages.length >= 2);
    expect(messages.map((m) => m.title).sort()).toEqual(['支付成功', '订阅已生效'].sort());
    await t.http.post('/api/subscriptions/cancel').set(bearer(u)).expect(200);
    expect((await t.http.get('/api/messages').set(bearer(u))).body.messages[0].title).toBe('订阅已取消');
  });

  it('lets support broadcast to everyone or to the listed users, audited; users cannot', async () => {
    const staff = await verifiedUser(t, sink, 'staff');
    await t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [staff.session.user.id]);
    const a = await verifiedUser(t, sink, 'a');
    const b = await verifiedUser(t, sink, 'b');
    await t.http
      .post('/api/admin/messages/broadcast')
      .set(bearer(a))
      .send({ title: 'x', content: 'y' })
      .expect(403);
    await t.http
      .post('/api/admin/messages/broadcast')
      .set(bearer(staff))
      .send({ title: '', content: 'y', actionUrl: 'https://evil.example' })
      .expect(400);
    const socket = await connected(t, b);
    const arrived = nextMessage(socket);
    const only = await t.http
      .post('/api/admin/messages/broadcast')
      .set(bearer(staff))
      .send({ title: '维护通知', content: '今晚维护', actionUrl: '/profile', userIds: [b.session.user.id] })
      .expect(200);
    expect(only.body).toEqual({ sent: 1 });
    expect(await arrived).toMatchObject({ title: '维护通知', content: '今晚维护', actionUrl: '/profile' });
    expect((await t.http.get('/api/messages').set(bearer(a))).body.messages[0].title).not.toBe('维护通知');
    const all = await t.http
      .post('/api/admin/messages/broadcast')
      .set(bearer(staff))
      .send({ title: '全员通知', content: '新功能上线' })
      .expect(200);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE NOT disabled`);
    expect(all.body.sent).toBe(n);
    const [audit] = await t.db.query(
      `SELECT "actorId", details FROM audit_entries WHERE action = 'message.broadcast' ORDER BY "createdAt" DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ actorId: staff.session.user.id, details: { recipients: n } });
  });
});
