import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createServer } from 'node:http';
import { Readiness } from './core/health/readiness.service';
import { MetricsService } from './core/metrics/metrics.service';
import { ConfigError, loadConfig, workerConfigProblems } from './core/config/app-config';
import { unreachableServices } from './core/database/reachability';
import { closeOnSignals } from './core/lifecycle/graceful-shutdown';
import { guardProcess } from './core/lifecycle/process-faults';
import { unhandledJobs } from './core/queue/job-handlers';
import { REDIS } from './core/redis/redis.provider';
import { redisShortcomings } from './core/redis/redis-requirements';
import { AppLogger, createRootLogger } from './core/logging/app-logger';
import { WorkerModule } from './worker.module';

const JSON_TYPE = { 'content-type': 'application/json', 'cache-control': 'no-store' };

/** The worker entry point: the API's image started with `node worker.js`, processing every queue's jobs. */
async function main() {
  const config = loadConfig();
  const faults = guardProcess('worker', config.logLevel);
  const problems = [
    ...workerConfigProblems(config),
    ...(await unreachableServices(config.databaseUrl, config.redis)),
  ];
  if (problems.length) {
    for (const line of problems) console.error(line);
    process.exit(1);
  }
  const starting = NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new AppLogger(createRootLogger(config.logLevel)),
    abortOnError: false,
  });
  // SIGTERM: Bull stops taking jobs and waits for the running one before the pools close; within the pod's
  // 120 s grace period (k8s/base/worker.yaml). A job cut off anyway is resumed by another worker. In place before
  // the first job starts, which may be before start-up has finished.
  closeOnSignals(starting, 110_000, 'worker', (app) => app.get(Readiness).drain());
  const app = await starting;
  faults.countIn(app.get(MetricsService).registry);
  for (const warning of await redisShortcomings(app.get(REDIS)).catch((e: Error) => [
    `could not check Redis: ${e.message}`,
  ]))
    console.warn(`worker: ${warning}`);
  const unhandled = unhandledJobs(app);
  if (unhandled.length) {
    console.error(`no handler for ${unhandled.join(', ')}`);
    process.exit(1);
  }
  if (config.workerMetricsPort) {
    const { registry } = app.get(MetricsService);
    const readiness = app.get(Readiness);
    // The worker's own probes beside its metrics: /live while the event loop turns, /ready as the API's /ready.
    const server = createServer(async (req, res) => {
      if (req.url === '/live') return void res.writeHead(200, JSON_TYPE).end('{"status":"ok"}');
      if (req.url === '/ready') {
        const reasons = readiness.reasons();
        return void res
          .writeHead(reasons.length ? 503 : 200, JSON_TYPE)
          .end(JSON.stringify(reasons.length ? { status: 'unavailable', reasons } : { status: 'ok' }));
      }
      if (req.url !== '/metrics') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': registry.contentType }).end(await registry.metrics());
    }).listen(config.workerMetricsPort, config.host);
    process.once('SIGTERM', () => server.close());
    process.once('SIGINT', () => server.close());
  }
  console.log(
    `智库 worker is processing stage and billing jobs (${config.llm ? 'LLM' : 'built-in'} generator)`,
  );
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
