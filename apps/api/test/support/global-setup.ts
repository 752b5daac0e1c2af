import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/core/database/data-source-options';
import { dropDatabase, ensureDatabase } from '../../src/core/database/ensure-database';
import type { TestEnv } from './test-env';

type Stoppable = { stop: () => Promise<unknown> };
declare global {
  var __TT_CONTAINERS__: Stoppable[] | undefined;
  var __TT_TEST_ENV__: TestEnv | undefined;
}

/** PostgreSQL and Redis in containers when a Docker engine answers; the local servers otherwise. */
async function servers(): Promise<{ postgres: string; redis: string }> {
  const local = { postgres: 'postgres://postgres@127.0.0.1:5432/postgres', redis: 'redis://127.0.0.1:6379' };
  if (process.env.TT_TEST_LOCAL_SERVERS === 'true') return local;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000).unref()),
    ]);
  } catch {
    return local;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const [pg, redis] = await Promise.all([
    new PostgreSqlContainer('postgres:15-alpine').start(),
    new RedisContainer('redis:7-alpine').start(),
  ]);
  globalThis.__TT_CONTAINERS__ = [pg, redis];
  return { postgres: pg.getConnectionUri(), redis: redis.getConnectionUrl() };
}

/** Migrates one template database per run; every test file then gets a fresh copy of it. */
export default async function globalSetup() {
  const { postgres, redis } = await servers();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const templateDatabase = `tt_test_${runId}_template`;
  const url = new URL(postgres);
  url.pathname = `/${templateDatabase}`;
  await dropDatabase(url.toString());
  await ensureDatabase(url.toString());
  const db = await new DataSource(dataSourceOptions(url.toString())).initialize();
  await db.runMigrations({ transaction: 'each' });
  await db.destroy();
  const env: TestEnv = { databaseUrl: url.toString(), redisUrl: redis, templateDatabase, runId };
  const file = join(tmpdir(), `think-tank-test-env-${runId}.json`);
  writeFileSync(file, JSON.stringify(env));
  process.env.TT_TEST_ENV_FILE = file;
  globalThis.__TT_TEST_ENV__ = env;
}
