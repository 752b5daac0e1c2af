import 'reflect-metadata';
import { ConfigError, loadConfig } from './core/config/app-config';
import { unreachableServices } from './core/database/reachability';
import { createApp } from './create-app';
import { Readiness } from './core/health/readiness.service';
import { MetricsService } from './core/metrics/metrics.service';
import { closeOnSignals } from './core/lifecycle/graceful-shutdown';
import { guardProcess } from './core/lifecycle/process-faults';

async function main() {
  const config = loadConfig();
  const faults = guardProcess('api', config.logLevel);
  const problems = await unreachableServices(config.databaseUrl, config.redis);
  if (problems.length) {
    for (const line of problems) console.error(line);
    process.exit(1);
  }
  const starting = createApp(config);
  // Within the pod's 45 s grace period (k8s/base/api.yaml), after its 5 s pre-stop pause.
  closeOnSignals(starting, 35_000, 'api', (app) => {
    app.get(Readiness).drain();
    // socket.io closes the HTTP server before Fastify does, so Fastify never drops idle keep-alive connections,
    // which would hold the close open for their whole keep-alive timeout: drop them as requests finish.
    const server = app.getHttpServer();
    setInterval(() => server.closeIdleConnections(), 250).unref();
  });
  const app = await starting;
  faults.countIn(app.get(MetricsService).registry);
  await app.listen({ port: config.port, host: config.host });
  const docs = config.apiDocs ? ` (API docs: ${config.publicUrl}/api/docs)` : '';
  console.log(`智库 is running at ${config.publicUrl}${docs}`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
