import type { ChildProcess } from 'node:child_process';
import { io } from 'socket.io-client';
import { FakeTranslator } from './fakes/translator';
import { verifiedUser } from './support/accounts';
import { SmtpSink } from './support/smtp-sink';
import { paySandbox } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';
import { freePort } from './support/free-port';
import { spawnEntry } from './support/worker';
import { waitFor } from './support/wait';

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; at: number }>((ok) =>
    child.once('exit', (code) => ok({ code, at: Date.now() })),
  );

describe('graceful shutdown on SIGTERM', () => {
  const sink = new SmtpSink();
  const translator = new FakeTranslator({});
  let t: TestApp;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await translator.start();
    t = await startTestApp({ SMTP_URL: await sink.start() });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t.close();
    await Promise.all([sink.stop(), translator.stop()]);
  });

  it('lets the API finish a request in flight, close its sockets and exit 0 well within the grace period', async () => {
    const u = await verifiedUser(t, sink, 'shutdown');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = spawnEntry(t, 'main', {
      PORT: String(port),
      PUBLIC_URL: base,
      TRANSLATE_URL: translator.url,
    });
    children.push(api);
    const exit = exited(api);
    await waitFor(() =>
      fetch(`${base}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    );
    const socket = io(`${base}/notifications`, {
      auth: { token: u.session.access_token },
      transports: ['websocket'],
    });
    await new Promise<void>((ok) => socket.once('connect', () => ok()));
    const disconnected = new Promise<string>((ok) => socket.once('disconnect', ok));

    // A search whose Latin term waits on the (slow) translation service: about 2 s in flight.
    const inFlight = fetch(`${base}/api/solutions/search?query=slowword`);
    // Signalled once the API is inside the request (it has asked the translator), however loaded the machine.
    await waitFor(async () => translator.requests.some((r) => r.startsWith('slowword|')));
    const signalled = Date.now();
    api.kill('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).totalCount).toBe(0);
    // A transport close, not a server-side disconnect: the client reconnects by itself, to another replica.
    expect(await disconnected).toBe('transport close');
    socket.close();
    const { code, at } = await exit;
    expect(code).toBe(0);
    // Well before the 35 s limit that would exit 1: it closed, it did not time out.
    expect(at - signalled).toBeLessThan(10_000);
  }, 60_000);

  it('lets a worker finish the stage it is running, and exit 0: nothing is lost', async () => {
    const u = await verifiedUser(t, sink, 'workerstop');
    const auth = { Authorization: `Bearer ${u.session.access_token}` };
    const worker = spawnEntry(t, 'worker', { GENERATOR_STEP_MS: '1000' });
    children.push(worker);
    const exit = exited(worker);
    const { demandId } = (
      await t.http
        .post('/api/demand-store/register-demand')
        .set(auth)
        .send({
          name: 'stop',
          content: '门店库存周转慢，缺货和积压并存。',
          keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半。',
        })
        .expect(201)
    ).body;
    const pay = await t.http
      .post('/api/payments/initiate-demand-startup')
      .set(auth)
      .send({ demandId })
      .expect(200);
    await paySandbox(t, pay.body.paymentUrl);
    const events = async () =>
      (await t.http.get(`/api/demand-store/${demandId}/events`).set(auth).expect(200)).body as {
        event: string;
        messageType: string;
      }[];
    await waitFor(async () => (await events()).some((e) => e.messageType === 'DETAIL'));
    worker.kill('SIGTERM');

    const { code } = await exit;
    expect(code).toBe(0);
    const demand = (await t.http.get(`/api/demand-store/${demandId}`).set(auth).expect(200)).body;
    expect(demand.stagesData.Startup.status).toBe('Completed');
    expect((await events()).filter((e) => e.event === 'demand_completed')).toHaveLength(1);
  }, 60_000);
});
