/**
 * npm run chaos: APIs and workers (2 and 2; `-- --apis 4 --workers 4`) behind nginx on a PostgreSQL with a
 * streaming read replica and a Redis behind three Sentinels, all of the run's own, under load (readers, 200 live
 * sockets, 50 demands walking Startup → Preparation, 50 Alipay payments, half notified twice), while one fault at a
 * time strikes: a worker and an API killed, an API stopped as a deploy does, Redis and PostgreSQL stopped,
 * PostgreSQL slowed, the replica behind and stopped, Redis's primary killed, an API's socket subscriber cut. Then it
 * checks that nothing was lost or done twice, prints the table to bench/chaos-results.md, and exits non-zero when
 * anything was. `--short` is the version `npm test` runs: 2 and 2 on a single PostgreSQL and Redis, three faults.
 */
import 'reflect-metadata';
import { Role } from '@think-tank/contracts';
import * as jwt from 'jsonwebtoken';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine } from './machine';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '../apps/api/test/support/wait';
import { ChaosCluster, JWT_SECRET, ROOT } from './chaos/cluster';
import { ledger, missedEvents, stageStates, unpaidOrders } from './chaos/checks';
import { faults } from './chaos/faults';
import { BellClient, buyWithNotify, call, DemandPage, Readers, walkDemand, type Walk } from './chaos/load';

const SHORT = process.argv.includes('--short');
/** `--name N` on the command line, else `fallback`. */
const count = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : Math.max(1, Number(process.argv[at + 1]) || fallback);
};
const SHAPE = { apis: count('apis', 2), workers: count('workers', 2), scaled: !SHORT };
const PLAN = SHORT
  ? { demands: 6, buyers: 6, bells: 24, readers: 2, outageMs: 5_000, stepMs: 150, minutes: 2.5 }
  : { demands: 50, buyers: 50, bells: 150, readers: 4, outageMs: 20_000, stepMs: 300, minutes: 22 };

interface Row {
  fault: string;
  errorRate: number;
  recoverySeconds: number;
  lost: number;
  doubled: number;
}

async function main() {
  const started = Date.now();
  const deadline = started + PLAN.minutes * 60_000;
  const cluster = new ChaosCluster(PLAN.stepMs, SHAPE);
  const failures: string[] = [];
  const rows: Row[] = [];
  try {
    console.log(`chaos${SHORT ? ' (short)' : ''}: starting ${describe()} and nginx in ${cluster.dir}`);
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
    const demandIds = () => pages.map((p) => p.demandId);
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
    const run = { adminToken, clients: [...bells, ...pages] };
    for (const fault of faults(SHORT, PLAN.outageMs, SHAPE.scaled)) {
      await cluster.ready();
      await sleep(3_000);
      const from = Date.now();
      process.stdout.write(`fault: ${fault.name}… `);
      run.clients = [...bells, ...pages];
      const recoveredWhen = await fault.strike(cluster, run);
      const over = Date.now();
      await cluster.ready();
      if (recoveredWhen) await waitFor(recoveredWhen, 120_000);
      const recovered = Date.now();
      const now = await ledger(cluster, demandIds(), []);
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

    // Every bell is live again within 30 s of the last fault (a bell still coming back when a push is sent catches up
    // by its unread count, by design: not what this checks), and then a broadcast reaches every one of them,
    // wherever it reconnected.
    const bellsBack = await waitFor(async () => bells.every((b) => b.socket.connected), 30_000).then(
      () => true,
      () => false,
    );
    if (!bellsBack)
      failures.push(
        `${bells.filter((b) => !b.socket.connected).length} of ${bells.length} bells were not connected 30 s after the last fault`,
      );
    const title = `chaos-${Date.now()}`;
    const sent = await call(cluster.url, 'POST', '/api/admin/messages/broadcast', {
      token: adminToken,
      body: { title, content: 'after the last fault', userIds: users.slice(0, PLAN.bells).map((u) => u.id) },
    });
    if (sent.status !== 201 && sent.status !== 200)
      failures.push(`the final broadcast answered ${sent.status}`);
    await waitFor(async () => bells.every((b) => b.titles.has(title)), 20_000).catch(() => undefined);
    await sleep(2_000);

    const end = await ledger(cluster, demandIds(), orderIds);
    const notDone = walked.filter((w) => !w.done).length;
    const unpaid = (await unpaidOrders(cluster, orderIds)) + (buyers.length - orderIds.length);
    const deafBells = bells.filter((b) => !b.titles.has(title));
    const deaf = deafBells.length;
    const missed = await missedEvents(cluster, pages);
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
      const states = await stageStates(
        cluster,
        walked.filter((w) => !w.done).map((w) => w.demandId),
      );
      failures.push(
        `${notDone} of ${walked.length} demands did not complete Preparation: ${JSON.stringify(states)}`,
      );
    }
    if (unpaid) failures.push(`${unpaid} of ${buyers.length} Alipay orders are not paid`);
    if (deaf)
      failures.push(
        `${deaf} of ${bells.length} bells missed the broadcast sent after the last fault (${deafBells
          .map(
            (b) =>
              `connected ${b.socket.connected}, ${b.connects} connections, socket ${b.socket.id ?? 'none'}`,
          )
          .join('; ')})`,
      );
    const stayed = [...bells, ...pages].filter(
      (c) => c.openedAt < cluster.redisStoppedAt && c.connects < 2,
    ).length;
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
    failures.push(...cluster.failures);
    if (cluster.unexpectedExits.length)
      failures.push(`processes exited unasked: ${cluster.unexpectedExits.join(', ')}`);
    // A paid stage that a fault sent to Error leaves its user to notice and retry it: not good enough.
    const retries = walked.reduce((n, w) => n + w.stageRetries, 0);
    if (retries) failures.push(`${retries} paid stages ended in Error and had to be retried by their user`);
    const reconnected = [...bells, ...pages].filter((c) => c.connects > 1).length;
    const unhandled = await cluster.counterSum('process_unhandled_rejections_total');
    report(rows, {
      seconds: (Date.now() - started) / 1000,
      retries,
      reconnected,
      sockets: bells.length + pages.length,
      unhandled,
      failures,
      notes: cluster.notes,
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

function report(
  rows: Row[],
  run: {
    seconds: number;
    retries: number;
    reconnected: number;
    sockets: number;
    unhandled: number;
    failures: string[];
    notes: string[];
  },
) {
  const lines = [
    `${SHORT ? 'Short chaos run (npm test)' : 'Chaos run (npm run chaos)'} on ${machine()} (${new Date().toISOString().slice(0, 10)}): ` +
      `${describe()} behind nginx, ${PLAN.readers} reading loops, ${PLAN.bells + PLAN.demands} sockets, ` +
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
    ...run.notes.map((n) => `\n${n}`),
    '',
    run.failures.length
      ? `FAILED:\n- ${run.failures.join('\n- ')}`
      : 'Nothing lost, nothing doubled, no process exited unasked.',
  ];
  console.log(`\n${lines.join('\n')}\n`);
  if (!SHORT) writeFileSync(join(ROOT, 'bench/chaos-results.md'), `${lines.join('\n')}\n`);
}

/** The cluster in words, for the log and the table's heading. */
function describe(): string {
  const data = SHAPE.scaled
    ? 'PostgreSQL with a streaming read replica, Redis with a replica and three Sentinels'
    : 'PostgreSQL, Redis';
  return `${data}, ${SHAPE.apis} APIs and ${SHAPE.workers} workers`;
}

void main();
