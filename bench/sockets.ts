/**
 * npm run bench:sockets: 4 API replicas holding 4,000 sockets (1,000 each), before and after the change to the
 * sockets (docs/operations/scaling.md#sockets-at-scale): the classic Redis adapter with clients that come back at once, then the
 * sharded adapter with the web app's clients, which spread their return over RECONNECT_SPREAD_MS. Each on a small
 * production of its own (chaos/cluster.ts: a private PostgreSQL and Redis, the built API and worker):
 * - broadcast: admin broadcasts to all 4,000 users; delivery p50 / p99 from the send, and the CPU the APIs spent;
 * - storm: one replica's Redis subscriber cut, so that it closes its 1,000 sockets, which reconnect and ask for
 *   their unread count, as the bell does: the time until every socket has its count again, each one's wait for it
 *   (p50 / p99: PostgreSQL's and the API's queue), and PostgreSQL's transactions for it all.
 */
import 'reflect-metadata';
import { Role } from '@think-tank/contracts';
import Redis from 'ioredis';
import * as jwt from 'jsonwebtoken';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '../apps/api/test/support/wait';
import { ChaosCluster, JWT_SECRET, probe, type Member } from './chaos/cluster';
import { call } from './chaos/load';

const APIS = 4;
const SOCKETS = 4_000;
const BROADCASTS = 5;
/** Client processes: one would spend more time in its own event loop than the APIs take to deliver. */
const CLIENT_PROCESSES = 2;

interface Variant {
  name: string;
  adapter: 'classic' | 'sharded';
  /** Whether clients come back spread (keepLive, apps/web) or at once. */
  spread: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'before: classic adapter, clients back at once', adapter: 'classic', spread: false },
  { name: 'after: sharded adapter, clients back within 3 s', adapter: 'sharded', spread: true },
];

type Report = { ready?: number; error?: string; broadcast?: number[]; back?: number[]; errors?: number };

/** A client process and the JSON lines it reports. */
class Clients {
  readonly reports: Report[] = [];
  private buffered = '';
  readonly child: ChildProcess;

  constructor(file: string, spread: boolean) {
    this.child = spawn(process.execPath, [resolve(__dirname, 'storm-clients.js')], {
      env: { ...process.env, CLIENTS_FILE: file, SPREAD: spread ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString();
      for (let nl = this.buffered.indexOf('\n'); nl >= 0; nl = this.buffered.indexOf('\n')) {
        this.reports.push(JSON.parse(this.buffered.slice(0, nl)) as Report);
        this.buffered = this.buffered.slice(nl + 1);
      }
    });
  }

  /** The next report that has `key`, those before it dropped. */
  async next<K extends keyof Report>(key: K, timeoutMs = 120_000): Promise<Required<Pick<Report, K>>> {
    let found: Report | undefined;
    await waitFor(async () => {
      for (let r = this.reports.shift(); r; r = this.reports.shift()) {
        if (r.error) throw new Error(`socket clients: ${r.error}`);
        if (key in r) return !!(found = r);
      }
      return false;
    }, timeoutMs);
    return found as Required<Pick<Report, K>>;
  }

  /** The latest of the `back` reports so far. */
  latestBack(previous: { back: number[]; errors: number }): { back: number[]; errors: number } {
    const last = this.reports.filter((r) => r.back !== undefined).at(-1);
    this.reports.length = 0;
    return last ? { back: last.back!, errors: last.errors! } : previous;
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The Redis server's CPU seconds (INFO cpu) and the bytes it has sent (INFO stats: to every client, subscribers included). */
async function redisWork(cluster: ChaosCluster): Promise<{ cpu: number; sent: number }> {
  const redis = new Redis(cluster.redisServers[0].url);
  try {
    const info = await redis.info();
    const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1]);
    return { cpu: field('used_cpu_sys') + field('used_cpu_user'), sent: field('total_net_output_bytes') };
  } finally {
    redis.disconnect();
  }
}

/** CPU seconds an API process has spent (prom-client's process_cpu_seconds_total). */
async function cpuSeconds(api: Member): Promise<number> {
  const text = (await (await probe(`http://127.0.0.1:${api.port}/metrics`))?.text()) ?? '';
  const line = text.split('\n').find((l) => l.startsWith('process_cpu_seconds_total '));
  return line ? Number(line.split(' ')[1]) : NaN;
}

async function measure(variant: Variant): Promise<string[]> {
  const cluster = new ChaosCluster(
    0,
    { apis: APIS, workers: 1, scaled: false },
    { SOCKET_ADAPTER: variant.adapter },
  );
  const children: Clients[] = [];
  try {
    await cluster.start();
    const token = (id: string, role: string) =>
      jwt.sign({ sub: id, role, typ: 'access', ver: 0 }, JWT_SECRET, { algorithm: 'HS256', expiresIn: '2h' });
    const [admin] = await cluster.sql(
      `INSERT INTO users (username, email, role, "emailVerifiedAt")
       VALUES ('storm-admin', 'storm-admin@example.cn', 'admin', now()) RETURNING id`,
    );
    const users: { id: string }[] = await cluster.sql(
      `INSERT INTO users (username, email, "emailVerifiedAt")
       SELECT 'storm-' || n, 'storm-' || n || '@example.cn', now() FROM generate_series(1, $1) n RETURNING id`,
      [SOCKETS],
    );
    // Socket i on replica i mod 4, straight to its port: the replica whose subscriber is cut holds a known 1,000.
    const apis = cluster.apis;
    const clients = users.map((u, i) => ({
      token: token(u.id, Role.Free),
      url: `http://127.0.0.1:${apis[i % APIS].port}`,
    }));
    const perProcess = Math.ceil(SOCKETS / CLIENT_PROCESSES);
    for (let p = 0; p < CLIENT_PROCESSES; p++) {
      const file = join(cluster.dir, `clients-${p}.json`);
      writeFileSync(file, JSON.stringify(clients.slice(p * perProcess, (p + 1) * perProcess)));
      children.push(new Clients(file, variant.spread));
    }
    for (const c of children) await c.next('ready');

    const adminToken = token(admin.id, Role.Admin);
    const cpuBefore = await Promise.all(apis.map(cpuSeconds));
    const redisBefore = await redisWork(cluster);
    const latencies: number[] = [];
    for (let b = 0; b < BROADCASTS; b++) {
      const sent = await call(cluster.url, 'POST', '/api/admin/messages/broadcast', {
        token: adminToken,
        body: { title: 'bench-broadcast', content: String(Date.now()), userIds: users.map((u) => u.id) },
      });
      if (sent.status !== 201 && sent.status !== 200) throw new Error(`broadcast answered ${sent.status}`);
      for (const c of children) latencies.push(...(await c.next('broadcast')).broadcast);
    }
    const cpuAfter = await Promise.all(apis.map(cpuSeconds));
    latencies.sort((a, b) => a - b);
    const apiCpu = cpuAfter.map((s, i) => s - cpuBefore[i]);
    const redisAfter = await redisWork(cluster);
    const redisCpu = redisAfter.cpu - redisBefore.cpu;
    const redisSentMiB = (redisAfter.sent - redisBefore.sent) / 2 ** 20;

    // The storm: the first replica's subscriber cut, until every one of its sockets has its count again.
    await sleep(2_000);
    const txBefore = await cluster.transactions();
    const cutAt = Date.now();
    if (!(await cluster.cutSubscriber(apis[0]))) throw new Error('no subscriber to cut');
    let state = children.map(() => ({ back: [] as number[], errors: 0 }));
    const expected = SOCKETS / APIS;
    let backAt = 0;
    while (!backAt && Date.now() - cutAt < 60_000) {
      await sleep(100);
      state = children.map((c, i) => c.latestBack(state[i]));
      if (state.reduce((sum, s) => sum + s.back.length, 0) >= expected) backAt = Date.now();
    }
    const waits = state.flatMap((s) => s.back).sort((a, b) => a - b);
    const refused = state.reduce((sum, s) => sum + s.errors, 0);
    // A PostgreSQL backend reports its counters within 10 s of going idle (PGSTAT_IDLE_INTERVAL).
    await sleep(11_000);
    const storm = (await cluster.transactions()) - txBefore;
    return [
      `| ${variant.name} | ${quantile(latencies, 0.5)} / ${quantile(latencies, 0.99)} ms | ${apiCpu.map((c) => c.toFixed(1)).join(' + ')} s; Redis ${redisCpu.toFixed(2)} s, ${redisSentMiB.toFixed(1)} MiB sent | ${waits.length} of ${expected} in ${backAt ? ((backAt - cutAt) / 1000).toFixed(1) : '> 60'} s, ${refused} refused | ${quantile(waits, 0.5)} / ${quantile(waits, 0.99)} ms | ${storm} |`,
    ];
  } finally {
    for (const c of children) c.child.kill('SIGKILL');
    await cluster.stopAll();
    cluster.clean();
  }
}

async function main() {
  const rows: string[] = [];
  for (const variant of VARIANTS) {
    console.log(`bench:sockets: ${variant.name}…`);
    rows.push(...(await measure(variant)));
  }
  console.log(
    [
      '',
      `${APIS} API replicas, ${SOCKETS} sockets (${SOCKETS / APIS} each), ${BROADCASTS} broadcasts to all; then one replica's Redis subscriber cut (${new Date().toISOString().slice(0, 10)}):`,
      '',
      `| variant | broadcast delivery p50 / p99 (${BROADCASTS * SOCKETS}) | the broadcasts' cost: each API's CPU; Redis's CPU and bytes sent | sockets back after the cut | catch-up wait p50 / p99 | PostgreSQL transactions in the storm |`,
      '| ------- | ------------------------------------- | ----------------------------------------------------------------- | -------------------------- | ----------------------- | ------------------------------------ |',
      ...rows,
    ].join('\n'),
  );
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    console.error(`bench:sockets stopped: ${e.stack ?? e}`);
    process.exit(1);
  },
);
