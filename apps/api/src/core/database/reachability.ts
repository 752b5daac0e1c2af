import { Client } from 'pg';
import { connectRedis, describeRedis, type RedisTarget } from '../redis/redis-connection';

/** PostgreSQL's invalid_catalog_name: the server answered, the database does not exist yet. */
export const MISSING_DATABASE = '3D000';

function hostOf(raw: string, fallbackPort: number): string {
  const url = new URL(raw);
  return `${url.hostname}:${url.port || fallbackPort}`;
}

/**
 * One clear line for each unreachable service, saying how to start it; empty when both answer. A missing database
 * counts as a problem unless the caller is about to create it (`cli setup`).
 */
export async function unreachableServices(
  databaseUrl: string,
  redisTarget: RedisTarget,
  { creatingDatabase = false } = {},
): Promise<string[]> {
  const problems: string[] = [];
  // The app's own database, not the `postgres` maintenance one, which PgBouncer and managed services refuse.
  const pg = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  await pg
    .connect()
    .then(() => pg.end())
    .catch((e: Error & { code?: string }) => {
      if (e.code !== MISSING_DATABASE)
        return problems.push(
          `PostgreSQL is not reachable at ${hostOf(databaseUrl, 5432)} (${e.message}). Start it (e.g. "pg_ctlcluster 15 main start", or "docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16") or set DATABASE_URL.`,
        );
      if (!creatingDatabase)
        problems.push(
          `PostgreSQL at ${hostOf(databaseUrl, 5432)} has no database ${new URL(databaseUrl).pathname.slice(1)}: create it with "node dist/apps/api/cli.js setup" (or CREATE DATABASE), or set DATABASE_URL.`,
        );
    });
  const redis = connectRedis(redisTarget, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  // connect() rejects with a generic "Connection is closed"; the cause comes as an error event.
  let cause = '';
  redis.on('error', (e: Error) => (cause ||= e.message));
  await redis
    .connect()
    .then(() => redis.ping())
    .catch((e: Error) =>
      problems.push(
        `Redis is not reachable at ${describeRedis(redisTarget)} (${cause || e.message}). Start it (e.g. "redis-server --daemonize yes", or "docker run -d -p 6379:6379 redis:7") or set REDIS_URL.`,
      ),
    )
    .finally(() => redis.disconnect());
  return problems;
}
