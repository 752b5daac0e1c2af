import { NOTIFICATIONS_NAMESPACE, NotificationEvent, type MessageItem } from '@think-tank/contracts';
import Redis from 'ioredis';
import { createServer, type Server, type Socket as TcpSocket } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { shardedChannel } from '../src/core/realtime/socket-adapter';
import { userRoom } from '../src/core/realtime/socket-push.service';
import { NotificationsService } from '../src/modules/notifications/notifications.service';
import { bearer, verifiedUser } from './support/accounts';
import { PrivateRedis } from './support/private-redis';
import { SmtpSink } from './support/smtp-sink';
import { nextEvent } from './support/socket-events';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

type User = Awaited<ReturnType<typeof verifiedUser>>;

/**
 * Two API replicas whose sockets' Pub/Sub runs on a Redis of its own (`SOCKET_REDIS_URL`, docs/operations/scaling.md#two-redis-deployments), with the given extra settings; a user's socket on the second one.
 */
function twoReplicas(socketRedis: PrivateRedis, env: Record<string, string> = {}) {
  const sink = new SmtpSink();
  const sockets: Socket[] = [];
  const s = { t: undefined as unknown as TestApp, replica: undefined as unknown as TestApp };
  beforeAll(async () => {
    await socketRedis.start();
    const settings = { SMTP_URL: await sink.start(), SOCKET_REDIS_URL: socketRedis.url, ...env };
    s.t = await startTestApp(settings);
    s.replica = await startTestApp(settings, s.t);
    await s.replica.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await s.replica.close();
    await s.t.close();
    await sink.stop();
    await socketRedis.stop();
    await hung?.close();
  });
  let hung: HungRedis | undefined;
  return {
    get t() {
      return s.t;
    },
    get replica() {
      return s.replica;
    },
    /** Stops the sockets' Redis and puts a hung one in its place, which both replicas' clients reach. */
    async hangSocketRedis(): Promise<void> {
      const clients = await clientCount(socketRedis.url);
      await socketRedis.stop();
      hung = await HungRedis.listen(socketRedis.port);
      await waitFor(async () => hung!.connections >= clients, 15_000);
    },
    user: (name: string) => verifiedUser(s.t, sink, name),
    /** A socket of the user's on the second replica, connected. */
    async socketOf(u: User): Promise<Socket> {
      const { port } = s.replica.app.getHttpServer().address() as { port: number };
      const socket = io(`http://127.0.0.1:${port}/notifications`, {
        auth: { token: u.session.access_token, lang: 'zh' },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      await nextEvent(socket, 'connect');
      return socket;
    },
  };
}

/** A message sent by the first replica, as the product sends one, and what reached the socket on the second. */
async function sendAcross(r: ReturnType<typeof twoReplicas>, u: User, socket: Socket): Promise<MessageItem> {
  const arrived = nextEvent<MessageItem>(
    socket,
    NotificationEvent.newMessage,
    undefined,
    (m) => m.title === '跨副本',
  );
  await r.t.app
    .get(NotificationsService)
    .send([u.session.user.id], { title: { zh: '跨副本', en: 'Across' }, content: { zh: '', en: '' } });
  return arrived;
}

/** How many subscribers each room's sharded channel has on a Redis. */
async function shardSubscribers(url: string, t: TestApp, rooms: string[]): Promise<number[]> {
  const redis = new Redis(url);
  const counts = (await redis.call(
    'PUBSUB',
    'SHARDNUMSUB',
    ...rooms.map((room) => shardedChannel(t.config, NOTIFICATIONS_NAMESPACE, room)),
  )) as (string | number)[];
  redis.disconnect();
  return counts.filter((_, i) => i % 2 === 1).map(Number);
}

/** The replicas' connections to a Redis (CLIENT LIST less the one asking). */
async function clientCount(url: string): Promise<number> {
  const redis = new Redis(url);
  const list = (await redis.client('LIST')) as string;
  redis.disconnect();
  return list.trim().split('\n').length - 1;
}

/** A Redis that hangs: it takes connections and never answers (a frozen server, a black-holed network). */
class HungRedis {
  connections = 0;
  private readonly sockets = new Set<TcpSocket>();

  private constructor(private readonly server: Server) {
    server.on('connection', (socket) => {
      this.connections++;
      this.sockets.add(socket);
      socket.on('error', () => undefined);
    });
  }

  static async listen(port: number): Promise<HungRedis> {
    const server = createServer();
    await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
    return new HungRedis(server);
  }

  async close(): Promise<void> {
    this.sockets.forEach((socket) => socket.destroy());
    await new Promise((done) => this.server.close(done));
  }
}

describe('sockets on a Redis of their own (SOCKET_REDIS_URL)', () => {
  const socketRedis = new PrivateRedis();
  const r = twoReplicas(socketRedis);

  it("carries events between replicas there, subscribes nothing on the queues' Redis, and goes on without it", async () => {
    const u = await r.user('apart');
    const socket = await r.socketOf(u);
    expect((await sendAcross(r, u, socket)).title).toBe('跨副本');
    const room = userRoom(u.session.user.id, 'zh');
    expect(await shardSubscribers(socketRedis.url, r.t, [room])).toEqual([1]);
    expect(await shardSubscribers(r.t.config.redis.url, r.t, [room])).toEqual([0]);

    // Signing out closes the user's sockets on every replica, through the sockets' Redis.
    const closed = nextEvent<string>(socket, 'disconnect');
    await r.t.http.post('/api/auth/logout').send({ refresh_token: u.session.refresh_token }).expect(204);
    expect(await closed).toBe('io server disconnect');

    // Without the sockets' Redis, live pushes stop; nothing else does: the queues and limits live elsewhere.
    await socketRedis.stop();
    const other = await r.user('without');
    await r.t.http.get('/api/messages?page=1&limit=7').set(bearer(other)).expect(200);
    await r.t.http.get('/api/solutions/search?query=%E4%BE%9B%E5%BA%94%E9%93%BE').expect(200);
  });
});

describe('sockets whose Redis hangs at shutdown', () => {
  const socketRedis = new PrivateRedis();
  const r = twoReplicas(socketRedis);

  // The adapters' (un)subscriptions wait in the client's queue while Redis does not answer; closing the client fails
  // them, and none may be left unhandled (CI once failed so: "Connection is closed", from the replicas' afterAll).
  it('goes on serving, and its replicas then shut down cleanly (afterAll)', async () => {
    const u = await r.user('hung');
    await r.socketOf(u);
    await r.hangSocketRedis();
    await r.t.http.get('/api/messages?page=1&limit=7').set(bearer(u)).expect(200);
  });
});

describe('the classic adapter (SOCKET_ADAPTER=classic) on a Redis without sharded Pub/Sub', () => {
  // As a Redis 6, or a managed service that refuses them.
  const socketRedis = new PrivateRedis(
    ['SPUBLISH', 'SSUBSCRIBE', 'SUNSUBSCRIBE'].flatMap((c) => ['--rename-command', c, '']),
  );
  const r = twoReplicas(socketRedis, { SOCKET_ADAPTER: 'classic' });

  it('carries events between replicas and closes a signed-out user’s sockets', async () => {
    const u = await r.user('classic');
    const socket = await r.socketOf(u);
    expect((await sendAcross(r, u, socket)).title).toBe('跨副本');

    const closed = nextEvent<string>(socket, 'disconnect');
    await r.t.http.post('/api/auth/logout').send({ refresh_token: u.session.refresh_token }).expect(204);
    expect(await closed).toBe('io server disconnect');
  });
});
