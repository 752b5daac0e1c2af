import type { INestApplicationContext } from '@nestjs/common';
import type { DemandDetail, DemandEventPayload, Stage } from '@think-tank/contracts';
import { bearer, verifiedUser } from './accounts';
import { paySandbox as payAtSandbox, startupOrder } from './factories';
import { SmtpSink } from './smtp-sink';
import { startTestApp, type TestApp } from './test-app';
import { waitFor } from './wait';
import { startTestWorker } from './worker';

export type User = Awaited<ReturnType<typeof verifiedUser>>;

export const DEMAND = {
  name: '来自 demo 的需求 2026-11-22 10:00',
  // Three needs, so that the Startup stage suggests at least three modules to select (store operations too).
  content:
    '连锁零售门店库存周转慢，缺货和积压并存，店长巡店和陈列全凭经验。希望用销量预测和智能补货降低库存成本。',
  keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
};

/**
 * The workshop specs' setting, its hooks registered in the calling describe: the app listening on a port with its
 * worker (stage jobs run at once) and mail to a sink, an owner and another user; and the steps the specs share.
 */
export function workshopSpec() {
  const w = {
    sink: new SmtpSink(),
    t: undefined as unknown as TestApp,
    worker: undefined as unknown as INestApplicationContext,
    smtpUrl: '',
    owner: undefined as unknown as User,
    other: undefined as unknown as User,
  };
  const detail = async (u: User, id: string, lang = 'zh-CN') =>
    (await w.t.http.get(`/api/demand-store/${id}`).set(bearer(u)).set('Accept-Language', lang).expect(200))
      .body as DemandDetail;
  const stageDone = (u: User, id: string, stage: Stage) =>
    waitFor(async () => {
      const d = await detail(u, id);
      return d.stagesData[stage].status === 'Completed' && d;
    });
  const events = async (id: string): Promise<DemandEventPayload[]> =>
    (await w.t.http.get(`/api/demand-store/${id}/events`).set(bearer(w.owner)).expect(200)).body;
  /** Enters the next stage, pays the fee it names at the sandbox cashier, and waits for the stage to complete. */
  const advanceAndPay = async (u: User, id: string, stage: Stage, stageInput: Record<string, string>) => {
    const advanced = await w.t.http
      .put(`/api/demand-store/${id}/advance`)
      .set(bearer(u))
      .send({ stageInput })
      .expect(200);
    const pay = await w.t.http
      .post('/api/payments/initiate-stage-payment')
      .set(bearer(u))
      .send({ demandId: id, stageToPayFor: stage })
      .expect(200);
    await paySandbox(pay.body.paymentUrl);
    return { fee: advanced.body.fee, done: await stageDone(u, id, stage) };
  };
  const paySandbox = (paymentUrl: string) => payAtSandbox(w.t, paymentUrl);
  const register = async (u: User, fields = DEMAND) =>
    (await w.t.http.post('/api/demand-store/register-demand').set(bearer(u)).send(fields).expect(201)).body
      .demandId as string;
  /** A registered demand whose start-up fee is paid and whose Startup stage completed. */
  const startedDemand = async (u: User) => {
    const id = await register(u);
    const pay = await startupOrder(w.t, bearer(u), id);
    await paySandbox(pay.paymentUrl);
    return { id, orderId: pay.orderId, demand: await stageDone(u, id, 'Startup') };
  };
  const select = (u: User, id: string, stage: Stage, count: number, d: DemandDetail) =>
    w.t.http
      .put(`/api/demand-store/${id}/stage-data?stage=${stage}`)
      .set(bearer(u))
      .send({
        output: d.stagesData[stage].output,
        selectedModules: d.stagesData[stage].output!.suggested_modules.slice(0, count),
      })
      .expect(200);
  /** The app's own address, for socket clients. */
  const url = () => `http://127.0.0.1:${(w.t.app.getHttpServer().address() as { port: number }).port}`;

  beforeAll(async () => {
    w.smtpUrl = await w.sink.start();
    w.t = await startTestApp({ SMTP_URL: w.smtpUrl, GENERATOR_STEP_MS: '0', OPERATION_STAGE_OPEN: 'true' });
    await w.t.app.listen(0, '127.0.0.1');
    w.worker = await startTestWorker(w.t);
    w.owner = await verifiedUser(w.t, w.sink, 'owner');
    w.other = await verifiedUser(w.t, w.sink, 'other');
  });
  afterAll(async () => {
    await w.worker.close();
    await w.t.close();
    await w.sink.stop();
  });
  return { w, detail, stageDone, events, advanceAndPay, paySandbox, register, startedDemand, select, url };
}
