import type { INestApplicationContext } from '@nestjs/common';
import { NotificationEvent, WebRoute, type MessageItem } from '@think-tank/contracts';
import Redis from 'ioredis';
import { io } from 'socket.io-client';
import { queuePrefix } from '../src/core/queue/legacy-queues.service';
import { bearer, verifiedUser } from './support/accounts';
import { paidDemand, registerDemand, startupCompleted, startupOrder } from './support/factories';
import { RedisWithSentinels } from './support/redis-sentinels';
import { SmtpSink } from './support/smtp-sink';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';
import { startTestWorker } from './support/worker';

/**
 * Every Redis client of the API and the worker (cache and limits, Bull's connections, the socket adapter and
 * emitter) finds the primary through Sentinels, and finds the new one after the old is killed (issue 37).
 */
describe('Redis behind Sentinels, through a failover', () => {
  const sink = new SmtpSink();
  const redis = new RedisWithSentinels();
  let t: TestApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    await redis.start();
    t = await startTestApp({
      SMTP_URL: await sink.start(),
      GENERATOR_STEP_MS: '0',
      REDIS_SENTINELS: redis.addresses,
      REDIS_SENTINEL_NAME: redis.name,
    });
    await t.app.listen(0, '127.0.0.1');
    worker = await startTestWorker(t);
  }, 90_000);
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await redis.stop();
    await sink.stop();
  }, 60_000);

  /** The next stage-completed message on a new bell socket of the user's. */
  const bellRings = (u: Awaited<ReturnType<typeof verifiedUser>>) => {
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const bell = io(`http://127.0.0.1:${port}/notifications`, {
      auth: { token: u.session.access_token },
      transports: ['websocket'],
      reconnection: false,
    });
    const connected = new Promise<void>((ok) => bell.once('connect', () => ok()));
    const rang = new Promise<MessageItem>((ok) =>
      bell.on(NotificationEvent.newMessage, (m: MessageItem) => m.title === '阶段已完成' && ok(m)),
    );
    return { connected, rang: rang.finally(() => bell.close()) };
  };

  it('runs paid stages once each and rings the bell before and after the primary is killed', async () => {
    const u = await verifiedUser(t, sink, 'failover');
    const before = bellRings(u);
    await before.connected;
    const first = await paidDemand(t, bearer(u));
    await startupCompleted(t, first);
    expect((await before.rang).actionUrl).toBe(WebRoute.demand(first));

    // Its jobs, limits and cache live on the private primary, not on the shared Redis of REDIS_URL.
    const onPrimary = new Redis(redis.primary.url);
    expect((await onPrimary.keys(`${queuePrefix(t.config.redisPrefix)}:*`)).length).toBeGreaterThan(0);
    expect((await onPrimary.keys(`${t.config.redisPrefix}:*`)).length).toBeGreaterThan(0);
    onPrimary.disconnect();

    // A start-up ordered before the kill and paid during the failover: a call that needs Redis meanwhile is
    // answered 503 (contract §10), and the buyer's retry succeeds once the Sentinels name the new primary.
    const second = await registerDemand(t, u);
    const order = await startupOrder(t, bearer(u), second);
    expect(await redis.primaryPort()).toBe(redis.primary.port);
    const killed = Date.now();
    await redis.primary.stop();
    let refused = 0;
    await waitFor(async () => {
      const { status } = await t.http.post(`${order.paymentUrl}/pay`);
      if (status === 503) refused++;
      else expect(status).toBe(303);
      return status === 303;
    }, 60_000);
    const paidAgain = Date.now() - killed;
    await startupCompleted(t, second);
    const recovered = Date.now() - killed;
    expect(await redis.primaryPort()).toBe(redis.replica!.port);
    const after = bellRings(u);
    await after.connected;
    const third = await paidDemand(t, bearer(u));
    await startupCompleted(t, third);
    expect((await after.rang).actionUrl).toBe(WebRoute.demand(third));

    const [{ paid }] = await t.db.query(
      `SELECT count(*)::int AS paid FROM orders WHERE "userId" = $1 AND status = 'paid'`,
      [u.session.user.id],
    );
    expect(paid).toBe(3);
    const rings = await t.db.query(
      `SELECT "actionUrl", count(*)::int AS n FROM messages WHERE "userId" = $1 AND "titleZh" = '阶段已完成' GROUP BY 1`,
      [u.session.user.id],
    );
    expect(rings).toHaveLength(3);
    expect(rings.every((r: { n: number }) => r.n === 1)).toBe(true);
    console.log(
      `Redis failover: paid again after ${paidAgain} ms (${refused} answers 503 meanwhile), the stage completed after ${recovered} ms`,
    );
  });
});
