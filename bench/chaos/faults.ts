/** The faults of the chaos run, struck one at a time on its cluster. */
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '../../apps/api/test/support/wait';
import type { ChaosCluster } from './cluster';

export interface Fault {
  name: string;
  /**
   * Strikes, and resolves when the fault is over (the process restarted, the service back); with what must hold,
   * beyond every process being ready, for the product to count as recovered.
   */
  strike(cluster: ChaosCluster): Promise<(() => Promise<boolean>) | void>;
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

/** The faults, the short version's (in `npm test`) or the whole run's, other outages lasting `outageMs`. */
export function faults(short: boolean, outageMs: number): Fault[] {
  const seconds = outageMs / 1000;
  const stopPostgres: Fault = {
    name: `PostgreSQL stopped for ${seconds} s`,
    strike: (cluster) => cluster.outage('postgres', outageMs),
  };
  if (short) return [killWorker, stopRedis, stopPostgres];
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
  ];
}
