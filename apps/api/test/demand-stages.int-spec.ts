import type { StageOutput } from '@think-tank/contracts';
import { DemandStagesRepository } from '../src/modules/workshop/demand-stages.repository';
import { Demand } from '../src/modules/workshop/entities/demand.entity';
import type { StageJob } from '../src/modules/workshop/stage-queue.service';
import { DEMAND, insertUser } from './support/factories';
import { startTestApp, type TestApp } from './support/test-app';

const OUTPUT: StageOutput = {
  summary: '摘要',
  solution: '方案',
  quantified_metrics: [],
  achieves: [],
  suggested_modules: [{ name: '智能补货', intro: '按销量补货', metrics: [] }],
};

/**
 * The middle tier (issue 35): the stage state machine of DemandStagesRepository on the real PostgreSQL, no HTTP and
 * no worker: paying, claiming, completing, failing, and the refund cases of issue 23 (a refunded stage never runs
 * unpaid, a delivered one keeps its output).
 */
describe('the stage state machine', () => {
  let t: TestApp;
  let stages: DemandStagesRepository;
  beforeAll(async () => {
    t = await startTestApp();
    stages = t.app.get(DemandStagesRepository);
  });
  afterAll(() => t.close());

  /** A demand of a new user, its Startup awaiting its fee, as register-demand leaves it. */
  async function registered() {
    const owner = await insertUser(t);
    const demand = await t.db.transaction(async (tx) => {
      const row = await tx.save(
        tx.create(Demand, {
          userId: owner.id,
          name: DEMAND.name,
          labName: `lab-${owner.id.slice(0, 16)}`,
          content: DEMAND.content,
          keyValuePoints: DEMAND.keyValuePoints,
          outputLanguage: 'zh',
          currentStage: 'Startup',
          overallStatus: 'PendingInput',
        }),
      );
      await stages.create(
        tx,
        row,
        { content: DEMAND.content, keyValuePoints: DEMAND.keyValuePoints },
        'Pending',
        null,
      );
      return row;
    });
    return { owner, demand };
  }
  const state = async (demandId: string) => {
    const [row] = await t.db.query(
      `SELECT s.status, s."paymentStatus", s.run, s.output IS NOT NULL AS "hasOutput", d."overallStatus"
         FROM demand_stages s JOIN demands d ON d.id = s."demandId" WHERE s."demandId" = $1 AND s.stage = 'Startup'`,
      [demandId],
    );
    return row as {
      status: string;
      paymentStatus: string;
      run: number;
      hasOutput: boolean;
      overallStatus: string;
    };
  };
  const pay = (demandId: string) => t.db.transaction((tx) => stages.pay(tx, demandId, 'Startup'));
  const refund = (demandId: string) => t.db.transaction((tx) => stages.refundFee(tx, demandId, 'Startup'));
  const complete = (job: StageJob) => t.db.transaction((tx) => stages.complete(tx, job, OUTPUT, []));

  it('pays a stage awaiting its fee once, queued for run 1; a second payment finds nothing due', async () => {
    const { demand } = await registered();
    expect(await state(demand.id)).toMatchObject({
      status: 'PendingInput',
      paymentStatus: 'Pending',
      run: 0,
    });
    expect(await pay(demand.id)).toEqual({ demandId: demand.id, stage: 'Startup', run: 1 });
    expect(await pay(demand.id)).toBeNull();
    expect(await state(demand.id)).toMatchObject({
      status: 'Queued',
      paymentStatus: 'Paid',
      run: 1,
      overallStatus: 'Processing',
    });
  });

  it('lets only the current run claim and complete its stage, once', async () => {
    const { demand } = await registered();
    const job = (await pay(demand.id))!;
    expect(await stages.claim({ ...job, run: 0 })).toBeNull();
    expect(await stages.claim(job)).toMatchObject({ status: 'Processing' });
    expect(await complete({ ...job, run: 2 })).toBe(false);
    expect(await complete(job)).toBe(true);
    expect(await complete(job)).toBe(false);
    expect(await state(demand.id)).toMatchObject({
      status: 'Completed',
      hasOutput: true,
      overallStatus: 'Completed',
    });
  });

  it('fails the current run with its demand, and lets support’s retry of that run claim it again', async () => {
    const { demand } = await registered();
    const job = (await pay(demand.id))!;
    expect(await t.db.transaction((tx) => stages.fail(tx, job, '生成失败'))).toBe(true);
    expect(await state(demand.id)).toMatchObject({ status: 'Error', overallStatus: 'Error' });
    expect(await stages.claim(job)).toMatchObject({ status: 'Processing' });
  });

  it('puts a refunded stage that has not run back to its fee: its run can no longer claim, nor be paid twice', async () => {
    const { demand } = await registered();
    expect(await refund(demand.id)).toBeNull();
    const job = (await pay(demand.id))!;
    expect(await refund(demand.id)).toBe('unrun');
    expect(await state(demand.id)).toMatchObject({
      status: 'PendingInput',
      paymentStatus: 'Pending',
      overallStatus: 'PendingInput',
    });
    expect(await stages.claim(job)).toBeNull();
    expect(await pay(demand.id)).toEqual({ ...job, run: 2 });
  });

  it('keeps a delivered stage’s output when its fee is refunded, and never runs it again unpaid', async () => {
    const { owner, demand } = await registered();
    const job = (await pay(demand.id))!;
    await stages.claim(job);
    await complete(job);
    expect(await refund(demand.id)).toBe('delivered');
    expect(await state(demand.id)).toMatchObject({
      status: 'Completed',
      paymentStatus: 'Pending',
      hasOutput: true,
    });
    // A stray order does not buy it back, and neither a retry nor a revision runs it.
    expect(await pay(demand.id)).toBeNull();
    await t.db.transaction(async (tx) => {
      const locked = (await stages.lock(tx, demand.id, owner.id))!;
      expect(() => stages.queue(locked.stages.Startup)).toThrow(
        expect.objectContaining({ code: 'PAYMENT_REQUIRED' }),
      );
      expect(() =>
        stages.revise(locked, { content: DEMAND.content, keyValuePoints: DEMAND.keyValuePoints }),
      ).toThrow(expect.objectContaining({ code: 'PAYMENT_REQUIRED' }));
    });
  });
});
