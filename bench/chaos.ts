/**
 * npm run chaos: two APIs and two workers behind nginx on a PostgreSQL and a Redis of the run's own, under load
 * (readers, 200 live sockets, 50 demands walking Startup → Preparation, 50 Alipay payments, half notified twice),
 * while one fault at a time strikes: a worker and an API killed, an API stopped as a deploy does, Redis and
 * PostgreSQL stopped, PostgreSQL slowed. Then it checks that nothing was lost or done twice, prints the table to
 * bench/chaos-results.md, and exits non-zero when anything was. `--short` is the version `npm test` runs.
 */
import 'reflect-metadata';
import { Role } from '@think-tank/contracts';
import * as jwt from 'jsonwebtoken';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '../apps/api/test/support/wait';
import { ChaosCluster, JWT_SECRET, ROOT, type Member } from './chaos/cluster';
import {
  BellClient,
  buyWithNotify,
  call,
  DemandPage,
  Readers,
  sleep,
  walkDemand,
  type Walk,
} from './chaos/load';

const SHORT = process.argv.includes('--short');
const PLAN = SHORT
  ? { demands: 6, buyers: 6, bells: 24, readers: 2, outageMs: 5_000, stepMs: 150, minutes: 2.5 }
  : { demands: 50, buyers: 50, bells: 150, readers: 4, outageMs: 20_000, stepMs: 300, minutes: 15 };

interface Fault {
  name: string;
  /**
   * Strikes, and resolves when the fault is over (the process restarted, the service back); with what must hold,
   * beyond every process being ready, for the product to count as recovered.
   */
  strike(cluster: ChaosCluster): Promise<(() => Promise<boolean>) | void>;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

/** A worker killed (kill -9) while it runs a stage; the orchestrator starts another, as Kubernetes would. */
const killWorker: Fault = {
  name: 'kill -9 of a worker in the middle of a stage',
  async strike(cluster) {
    const running = (): Promise<{ demandId: string; stage: string }[]> =>
      cluster.sql(`SELECT "demandId", stage FROM demand_stages WHERE status = 'Processing'`);
    // Every worker busy, so that the one killed is in the middle of a stage.
    const cutOff = await waitFor(async () => {
      const rows = await running();
      return rows.length >= cluster.workers.length && rows;
    }, 60_000);
    const victim = pick(cluster.workers);
    await cluster.stop(victim, 'SIGKILL');
    await sleep(2_000);
    await cluster.spawn('worker', victim.port);
    // Recovered when every stage that was running then has completed (the survivor or the new worker resumed it).
    return async () => {
      const states: { status: string }[] = await cluster.sql(
        `SELECT status FROM demand_stages
          WHERE ("demandId", stage) IN (SELECT * FROM unnest($1::uuid[], $2::varchar[]))`,
        [cutOff.map((r) => r.demandId), cutOff.map((r) => r.stage)],
      );
      return states.every((r) => r.status === 'Completed');
    };
  },
};

/** An API killed (kill -9) under load, and started again on its port. */
const killApi: Fault = {
  name: 'kill -9 of an API in the middle of requests',
  async strike(cluster) {
    const victim = pick(cluster.apis);
    await cluster.stop(victim, 'SIGKILL');
    await sleep(2_000);
    await cluster.spawn('api', victim.port);
  },
};

/** An API stopped as a rolling deploy stops a pod (SIGTERM: drain, close sockets, exit), then its successor. */
const drainApi: Fault = {
  name: 'SIGTERM of an API under load (rolling deploy)',
  async strike(cluster) {
    const victim: Member = pick(cluster.apis);
    await cluster.stop(victim, 'SIGTERM');
    await cluster.spawn('api', victim.port);
  },
};

/** When Redis was last stopped: every socket open then must reconnect (its pushes meanwhile were lost). */
let redisStoppedAt = 0;

const stopRedis: Fault = {
  name: `Redis stopped for ${PLAN.outageMs / 1000} s`,
  async strike(cluster) {
    redisStoppedAt = Date.now();
    await cluster.redis.stop();
    await sleep(PLAN.outageMs);
    await cluster.redis.start();
  },
};

const stopPostgres: Fault = {
  name: `PostgreSQL stopped for ${PLAN.outageMs / 1000} s`,
  async strike(cluster) {
    await cluster.postgres.stop();
    await sleep(PLAN.outageMs);
    await cluster.postgres.start();
  },
};

const slowPostgres: Fault = {
  name: `200 ms added to every PostgreSQL round trip for ${PLAN.outageMs / 1000} s`,
  async strike(cluster) {
    cluster.dbProxy.latencyMs = 200;
    await sleep(PLAN.outageMs);
    cluster.dbProxy.latencyMs = 0;
  },
};

const FAULTS = SHORT
  ? [killWorker, stopRedis, stopPostgres]
  : [killWorker, killApi, drainApi, stopRedis, stopPostgres, slowPostgres];

interface Row {
  fault: string;
  errorRate: number;
  recoverySeconds: number;
  lost: number;
  doubled: number;
}

/** What the database holds twice that must exist once, and what is settled but missing its effect. */
async function ledger(cluster: ChaosCluster, demandIds: string[], orderIds: string[]) {
  const count = async (sql: string, params: unknown[]) => Number((await cluster.sql(sql, params))[0].n);
  const doubled =
    (await count(
      `SELECT count(*) AS n FROM (SELECT 1 FROM demand_events WHERE "demandId" = ANY($1) AND event = 'demand_completed'
       GROUP BY "demandId", stage HAVING count(*) > 1) d`,
      [demandIds],
    )) +
    (await count(
      `SELECT count(*) AS n FROM (SELECT 1 FROM orders WHERE "demandId" = ANY($1) AND status = 'paid'
       GROUP BY "demandId", stage HAVING count(*) > 1) d`,
      [demandIds],
    )) +
    (await count(
      `SELECT count(*) AS n FROM (SELECT 1 FROM solution_access_grants WHERE "orderId" = ANY($1)
       GROUP BY "orderId" HAVING count(*) > 1) d`,
      [orderIds],
    )) +
    (await count(
      `SELECT count(*) AS n FROM (SELECT 1 FROM payment_events WHERE "orderId" = ANY($1)
       GROUP BY "orderId" HAVING count(*) > 1) d`,
      [orderIds],
    ));
  const lost =
    // A completed stage without its announcement or its lab files.
    (await count(
      `SELECT count(*) AS n FROM demand_stages s WHERE s."demandId" = ANY($1) AND s.status = 'Completed'
       AND (NOT EXISTS (SELECT 1 FROM demand_events e WHERE e."demandId" = s."demandId" AND e.stage = s.stage AND e.event = 'demand_completed')
         OR NOT EXISTS (SELECT 1 FROM demand_files f WHERE f."demandId" = s."demandId" AND f.stage = s.stage))`,
      [demandIds],
    )) +
    // A paid view without its grant.
    (await count(
      `SELECT count(*) AS n FROM orders o WHERE o.id = ANY($1) AND o.status = 'paid'
       AND NOT EXISTS (SELECT 1 FROM solution_access_grants g WHERE g."orderId" = o.id)`,
      [orderIds],
    )) +
    // A paid stage fee whose stage is not paid.
    (await count(
      `SELECT count(*) AS n FROM orders o JOIN demand_stages s ON s."demandId" = o."demandId" AND s.stage = o.stage
       WHERE o."demandId" = ANY($1) AND o.status = 'paid' AND s."paymentStatus" <> 'Paid'`,
      [demandIds],
    ));
  return { doubled, lost };
}

async function main() {
  const started = Date.now();
  const deadline = started + PLAN.minutes * 60_000;
  const cluster = new ChaosCluster(PLAN.stepMs);
  const failures: string[] = [];
  const rows: Row[] = [];
  try {
    console.log(
      `chaos${SHORT ? ' (short)' : ''}: starting PostgreSQL, Redis, 2 APIs, 2 workers and nginx in ${cluster.dir}`,
    );
    await cluster.start();
    const token = (id: string, role: string) =>
      jwt.sign({ sub: id, role, typ: 'access', ver: 0 }, JWT_SECRET, { algorithm: 'HS256', expiresIn: '2h' });
    const [admin] = await cluster.sql(
      `INSERT INTO users (username, email, role, "emailVerifiedAt") VALUES ('chaos-admin', 'chaos-admin@example.cn', 'admin', now()) RETURNING id`,
    );
    const users: { id: string }[] = await cluster.sql(
      `INSERT INTO users (username, email, "emailVerifiedAt")
       SELECT 'chaos-' || n, 'chaos-' || n || '@example.cn', now() FROM generate_series(1, $1) n RETURNING id`,
      [Math.max(PLAN.bells, PLAN.demands + PLAN.buyers)],
    );
    const tokens = users.map((u) => token(u.id, Role.Free));
    const adminToken = token(admin.id, Role.Admin);
    const solutionIds = (await cluster.sql(`SELECT id FROM solutions`)).map((s: { id: string }) => s.id);

    const readers = new Readers(cluster.url, adminToken, solutionIds);
    readers.start(PLAN.readers);
    const bells = tokens.slice(0, PLAN.bells).map((t) => new BellClient(cluster.url, t));
    await waitFor(async () => bells.every((b) => b.connects > 0), 60_000);
    const pages: DemandPage[] = [];
    const walks: Promise<Walk>[] = tokens.slice(0, PLAN.demands).map(async (t, n) => {
      await sleep(n * 200);
      return walkDemand(cluster.url, t, n, deadline, (demandId) =>
        pages.push(new DemandPage(cluster.url, t, demandId)),
      );
    });
    const buyers = tokens.slice(PLAN.demands, PLAN.demands + PLAN.buyers);
    // Spread over the faults: one buyer every second or two.
    const buys = buyers.map(async (t, n) => {
      await sleep(n * (SHORT ? 2_000 : 1_500));
      return buyWithNotify(
        cluster.url,
        t,
        solutionIds[n % solutionIds.length],
        cluster.alipay,
        n % 2 === 0,
        deadline,
      );
    });
    console.log(
      `load: ${PLAN.readers} readers, ${PLAN.bells} bells, ${PLAN.demands} demands, ${PLAN.buyers} Alipay buyers`,
    );

    let seen = { doubled: 0, lost: 0 };
    for (const fault of FAULTS) {
      await cluster.ready();
      await sleep(3_000);
      const from = Date.now();
      process.stdout.write(`fault: ${fault.name}… `);
      const recoveredWhen = await fault.strike(cluster);
      const over = Date.now();
      await cluster.ready();
      if (recoveredWhen) await waitFor(recoveredWhen, 120_000);
      const recovered = Date.now();
      const now = await ledger(cluster, walkedIds(pages), []);
      rows.push({
        fault: fault.name,
        errorRate: readers.errorRate(from, recovered),
        recoverySeconds: (recovered - over) / 1000,
        lost: Math.max(0, now.lost - seen.lost),
        doubled: Math.max(0, now.doubled - seen.doubled),
      });
      seen = now;
      console.log(`ready again after ${((recovered - over) / 1000).toFixed(1)} s`);
    }

    const walked = await Promise.all(walks);
    const orderIds = (await Promise.all(buys)).filter(Boolean);
    await readers.stop();
    console.log(`all walks ended after ${((Date.now() - started) / 1000).toFixed(0)} s`);

    // A broadcast after the last fault reaches every bell, wherever it reconnected.
    const title = `chaos-${Date.now()}`;
    const sent = await call(cluster.url, 'POST', '/api/admin/messages/broadcast', {
      token: adminToken,
      body: { title, content: 'after the last fault', userIds: users.slice(0, PLAN.bells).map((u) => u.id) },
    });
    if (sent.status !== 201 && sent.status !== 200)
      failures.push(`the final broadcast answered ${sent.status}`);
    await waitFor(async () => bells.every((b) => b.titles.has(title)), 20_000).catch(() => undefined);
    await sleep(2_000);

    const end = await ledger(cluster, walkedIds(pages), orderIds);
    const notDone = walked.filter((w) => !w.done).length;
    const unpaid =
      Number(
        (
          await cluster.sql(`SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND status <> 'paid'`, [
            orderIds,
          ])
        )[0].n,
      ) +
      (buyers.length - orderIds.length);
    const deaf = bells.filter((b) => !b.titles.has(title)).length;
    const missed: string[] = [];
    for (const page of pages) {
      const stored: { id: string; event: string; messageType: string; createdAt: Date }[] = await cluster.sql(
        `SELECT id, event, "messageType", "createdAt" FROM demand_events WHERE "demandId" = $1`,
        [page.demandId],
      );
      const absent = stored.filter((e) => !page.events.has(Number(e.id)));
      if (absent.length)
        missed.push(
          `${page.demandId} (connected ${page.connects}×) lacks ` +
            absent
              .map((e) => `${e.id} ${e.event}/${e.messageType} at ${e.createdAt.toISOString()}`)
              .join(', '),
        );
    }
    const partialPages = missed.length;
    const lostAtEnd = Math.max(0, end.lost - seen.lost) + notDone + unpaid + deaf + partialPages;
    rows.push({
      fault: 'end of the run (demands unfinished, orders unpaid, sockets or pages that missed something)',
      errorRate: 0,
      recoverySeconds: 0,
      lost: lostAtEnd,
      doubled: Math.max(0, end.doubled - seen.doubled),
    });
    if (notDone) {
      const states = await cluster.sql(
        `SELECT "demandId", stage, status, "paymentStatus", "errorMessage", run, "updatedAt" FROM demand_stages
         WHERE "demandId" = ANY($1) AND stage IN ('Startup', 'Preparation') ORDER BY "demandId", stage DESC`,
        [walked.filter((w) => !w.done).map((w) => w.demandId)],
      );
      failures.push(
        `${notDone} of ${walked.length} demands did not complete Preparation: ${JSON.stringify(states)}`,
      );
    }
    if (unpaid) failures.push(`${unpaid} of ${buyers.length} Alipay orders are not paid`);
    if (deaf)
      failures.push(`${deaf} of ${bells.length} bells missed the broadcast sent after the last fault`);
    const stayed = [...bells, ...pages].filter((c) => c.openedAt < redisStoppedAt && c.connects < 2).length;
    if (stayed)
      failures.push(`${stayed} sockets open through the Redis outage never reconnected to catch up`);
    if (partialPages)
      failures.push(
        `${partialPages} of ${pages.length} demand pages miss stored events: ${missed.join('; ')}`,
      );
    if (end.lost)
      failures.push(
        `${end.lost} settled items miss their effect (stage files or events, grants, paid stages)`,
      );
    if (end.doubled) failures.push(`${end.doubled} things were done twice`);
    if (cluster.unexpectedExits.length)
      failures.push(`processes exited unasked: ${cluster.unexpectedExits.join(', ')}`);
    // A paid stage that a fault sent to Error leaves its user to notice and retry it: not good enough.
    const retries = walked.reduce((n, w) => n + w.stageRetries, 0);
    if (retries) failures.push(`${retries} paid stages ended in Error and had to be retried by their user`);
    const reconnected =
      bells.filter((b) => b.connects > 1).length + pages.filter((p) => p.connects > 1).length;
    const unhandled = await cluster.counterSum('process_unhandled_rejections_total');
    report(rows, {
      seconds: (Date.now() - started) / 1000,
      retries,
      reconnected,
      sockets: bells.length + pages.length,
      unhandled,
      failures,
    });
    bells.forEach((b) => b.socket.close());
    pages.forEach((p) => p.socket.close());
  } catch (err) {
    failures.push(`the run stopped: ${(err as Error).stack ?? err}`);
    console.error(failures.at(-1));
  } finally {
    await cluster.stopAll();
  }
  if (failures.length) {
    console.error(`chaos FAILED (logs kept in ${cluster.dir}):\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  cluster.clean();
  console.log('chaos: nothing lost, nothing doubled');
  process.exit(0);
}

const walkedIds = (pages: DemandPage[]) => pages.map((p) => p.demandId);

function report(
  rows: Row[],
  run: {
    seconds: number;
    retries: number;
    reconnected: number;
    sockets: number;
    unhandled: number;
    failures: string[];
  },
) {
  const lines = [
    `${SHORT ? 'Short chaos run (npm test)' : 'Chaos run (npm run chaos)'} on this machine (${new Date().toISOString().slice(0, 10)}): ` +
      `2 APIs and 2 workers behind nginx, ${PLAN.readers} reading loops, ${PLAN.bells + PLAN.demands} sockets, ` +
      `${PLAN.demands} demands walking Startup → Preparation, ${PLAN.buyers} Alipay payments (half notified twice); ` +
      `${run.seconds.toFixed(0)} s in all.`,
    '',
    '| fault | error rate during it | ready again after | lost | doubled |',
    '| ----- | -------------------- | ----------------- | ---- | ------- |',
    ...rows.map(
      (r) =>
        `| ${r.fault} | ${(r.errorRate * 100).toFixed(1)} % | ${r.recoverySeconds.toFixed(1)} s | ${r.lost} | ${r.doubled} |`,
    ),
    '',
    `Sockets that reconnected at least once: ${run.reconnected} of ${run.sockets}. Failed stages a user retried: ` +
      `${run.retries}. Unhandled promise rejections counted by the processes running at the end: ${run.unhandled}.`,
    run.failures.length
      ? `FAILED:\n- ${run.failures.join('\n- ')}`
      : 'Nothing lost, nothing doubled, no process exited unasked.',
  ];
  console.log(`\n${lines.join('\n')}\n`);
  if (!SHORT) writeFileSync(join(ROOT, 'bench/chaos-results.md'), `${lines.join('\n')}\n`);
}

void main();
