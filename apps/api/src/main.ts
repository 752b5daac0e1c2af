import 'reflect-metadata';
import { ConfigError, loadConfig } from './core/config/app-config';
import { unreachableServices } from './core/database/reachability';
import { createApp } from './core/http/create-app';

async function main() {
  const config = loadConfig();
  const problems = await unreachableServices(config.databaseUrl, config.redisUrl);
  if (problems.length) {
    for (const line of problems) console.error(line);
    process.exit(1);
  }
  const app = await createApp(config);
  await app.listen({ port: config.port, host: '0.0.0.0' });
  console.log(`智库 is running at ${config.publicUrl} (API docs: ${config.publicUrl}/api/docs)`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
