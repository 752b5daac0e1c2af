/** The faults of the chaos run, struck one at a time on its cluster. */
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '../../apps/api/test/support/wait';
import type { ChaosCluster } from './cluster';
import { call, type LiveClient } from './load';

/** What a fault may use of the run's load: the support account's token, and every socket of the run. */
export interface RunContext {
  adminToken: string;
  clients: LiveClient[];
}

export interface Fault {
  name: string;
  /**
   * Strikes, and resolves when the fault is over (the process restarted, the service back); with what must hold,
   * beyond every process being ready, for the product to count as recovered.
   */
  strike(cluster: ChaosCluster, run: RunContext): Promise<(() => Promise<boolean>) | void>;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

/** A worker killed (kill -9) while every worker runs a stage, so that the one killed is in the middle of one. */
const killWorker: Fault = {
  name: 'kill -9 of a worker in the middle of a stage',
  async strike(cluster) {
    const cutOff = await waitFor(async () => {
      const running: { demandId: string; stage: string }[] = await cluster.sql(
        `SELECT "demandId", stage FROM demand_stages WHERE status = 'Processing'`,
      );
      return running.length >= cluster.workers.length && running;
    }, 60_000);
    await cluster.replace(pick(cluster.workers), 'SIGKILL', 2_000);
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

/**
 * Redis stopped for 20 s, in the short run too: every second meanwhile, each process's readiness probe must stay
 * 200 (a Service that took replicas out would answer 503 for everything) and a search through the balancer too.
 */
const REDIS_OUTAGE_MS = 20_000;
const stopRedis: Fault = {
  name: `Redis stopped for ${REDIS_OUTAGE_MS / 1000} s`,
  async strike(cluster) {
    const outage = cluster.outage('redis', REDIS_OUTAGE_MS);
    let over = false;
    void outage.finally(() => (over = true));
    let probes = 0;
    const seen = new Set<string>();
    while (!over) {
      const [out, search] = await Promise.all([cluster.notReady(), cluster.search(), sleep(1_000)]);
      probes++;
      for (const m of out) seen.add(`${m.kind} on :${m.port} went unready in the Redis outage`);
      if (search !== 200) seen.add(`a search answered ${search} in the Redis outage`);
    }
    await outage;
    cluster.failures.push(...seen);
    console.log(`(${probes} readiness and search probes while Redis was down) `);
  },
};

/** A search through the balancer for `text`: how many it finds, or -1 when it did not answer 200. */
async function found(cluster: ChaosCluster, text: string): Promise<number> {
  const res = await call(cluster.url, 'GET', `/api/solutions/search?query=${encodeURIComponent(text)}`);
  return res.status === 200 ? Number(res.body.totalCount) : -1;
}

/**
 * The read replica held 30 s behind: a solution support publishes now is on the primary only, and its paid view
 * and teaser are answered at once (read from the primary where the replica lacks them); searches go on, not
 * finding it until the replica has replayed it.
 */
function replicaBehind(outageMs: number): Fault {
  return {
    name: `the read replica ${outageMs / 1000} s behind (recovery_min_apply_delay)`,
    async strike(cluster, run) {
      await cluster.replicaDelay(`${outageMs / 1000}s`);
      const name = `副本延迟-${Date.now()}`;
      // Longer than the view's first read, so that the document itself is read where the replica lacks it.
      const html = `<h1>${name}</h1>${'<p>冷链仓储温控，延迟副本的整篇文档。</p>'.repeat(12_000)}`;
      const created = await call(cluster.url, 'POST', '/api/admin/solutions', {
        token: run.adminToken,
        body: {
          projectName: name,
          projectRequirements: '冷链',
          projectRequirementsDetails: '冷链仓储',
          html,
        },
      });
      const id = (created.body as { _id?: string })._id;
      if (!id) cluster.failures.push(`publishing during the replica lag answered ${created.status}`);
      else {
        const view = await call(cluster.url, 'GET', `/api/solutions/${id}/view`, { token: run.adminToken });
        const teaser = await call(cluster.url, 'GET', `/api/solutions/${id}/teaser`);
        if (view.status !== 200 || teaser.status !== 200)
          cluster.failures.push(
            `a solution only the primary has: view ${view.status}, teaser ${teaser.status}`,
          );
        cluster.notes.push(
          `Replica lag: a solution published ${outageMs / 1000} s ahead of the replica was viewed (${view.status}) ` +
            `and its teaser read (${teaser.status}) at once; a search found it ${await found(cluster, name)} time(s) meanwhile.`,
        );
      }
      await sleep(outageMs);
      await cluster.replicaDelay('0');
      return async () => (await found(cluster, name)) === 1;
    },
  };
}

/** Redis's primary killed: the Sentinels promote its replica, and every client follows them to it. */
const redisFailover: Fault = {
  name: 'kill -9 of the Redis primary (the Sentinels promote its replica)',
  async strike(cluster) {
    const sentinels = cluster.sentinels!;
    const before = await sentinels.primaryPort();
    const killed = cluster.redisServers.find((r) => r.port === before)!;
    const at = Date.now();
    cluster.redisStoppedAt = at;
    await killed.stop();
    await waitFor(async () => (await sentinels.primaryPort()) !== before, 60_000);
    cluster.notes.push(
      `Redis failover: the Sentinels named a new primary ${((Date.now() - at) / 1000).toFixed(1)} s after the kill.`,
    );
    // Back empty, as a pod would be: the Sentinels make it a replica of the new primary.
    await killed.start();
  },
};

/**
 * One API's Redis subscriber cut (CLIENT KILL): it closes its sockets so that they catch up, and they all come back
 * at once, spread over 3 s by the clients. Measured: PostgreSQL's transactions per second before and after.
 */
const subscriberCut: Fault = {
  name: 'one API’s socket subscriber cut (its sockets reconnect and catch up)',
  async strike(cluster, run) {
    const rate = async () => {
      const from = await cluster.transactions();
      await sleep(5_000);
      return ((await cluster.transactions()) - from) / 5;
    };
    const before = await rate();
    const connects = run.clients.map((c) => c.connects);
    const api = pick(cluster.apis);
    const cut = await cluster.cutSubscriber(api);
    if (!cut) cluster.failures.push(`no socket subscriber of ${api.name} was found to cut`);
    const during = await rate();
    return async () => {
      if (!run.clients.every((c) => c.socket.connected)) return false;
      const back = run.clients.filter((c, i) => c.connects > connects[i]).length;
      cluster.notes.push(
        `Reconnect storm: ${back} of ${run.clients.length} sockets came back after ${api.name}'s subscriber was cut; ` +
          `PostgreSQL ended ${before.toFixed(0)} transactions/s in the 5 s before, ${during.toFixed(0)} in the 5 s after.`,
      );
      return true;
    };
  },
};

/** The faults, the short version's (in `npm test`) or the whole run's, other outages lasting `outageMs`. */
export function faults(short: boolean, outageMs: number, scaled: boolean): Fault[] {
  const seconds = outageMs / 1000;
  const stopPostgres: Fault = {
    name: `PostgreSQL stopped for ${seconds} s`,
    strike: (cluster) => cluster.outage('postgres', outageMs),
  };
  if (short) return [killWorker, stopRedis, stopPostgres];
  const scaledOut: Fault[] = scaled
    ? [
        replicaBehind(outageMs),
        {
          name: `the read replica stopped for ${seconds} s`,
          strike: (cluster) => cluster.outage('replica', outageMs),
        },
        // After the Redis outage above: a failover leaves the servers' roles swapped.
        redisFailover,
      ]
    : [];
  return [
    killWorker,
    {
      name: 'kill -9 of an API in the middle of requests',
      strike: (cluster) => cluster.replace(pick(cluster.apis), 'SIGKILL', 2_000),
    },
    {
      // As a rolling deploy stops a pod: drain, close sockets, exit; then its successor.
      name: 'SIGTERM of an API under load (rolling deploy)',
      strike: (cluster) => cluster.replace(pick(cluster.apis), 'SIGTERM'),
    },
    stopRedis,
    stopPostgres,
    {
      name: `200 ms added to every PostgreSQL round trip for ${seconds} s`,
      async strike(cluster) {
        cluster.dbProxy.latencyMs = 200;
        await sleep(outageMs);
        cluster.dbProxy.latencyMs = 0;
      },
    },
    ...scaledOut,
    subscriberCut,
  ];
}
