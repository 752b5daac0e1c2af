import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig, type AppConfig } from '../../src/core/config/app-config';
import { dropDatabase, ensureDatabase } from '../../src/core/database/ensure-database';
import { coreModules } from '../../src/core/core-modules';
import { createApp } from '../../src/create-app';
import { queuePrefix } from '../../src/core/queue/legacy-queues.service';
import { MailWorkerModule } from '../../src/core/mail/mail.module';
import { AuthJobsModule } from '../../src/modules/auth';
import { DemandFeesModule } from '../../src/modules/workshop';
import { SmtpSink } from './smtp-sink';
import { readTestEnv } from './test-env';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-keys';

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<typeof supertest>;
  config: AppConfig;
  db: DataSource;
  close(): Promise<void>;
}

/**
 * The worker's mail jobs alone (the `mail` queue), for specs that read mails but run no other job. Auth brings
 * billing, and billing starts only where it can fulfil every item it sells: hence the workshop's fee handler.
 */
@Module({})
class MailDeliveryModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MailDeliveryModule,
      imports: [...coreModules(config), MailWorkerModule, AuthJobsModule, DemandFeesModule],
    };
  }
}

/**
 * The real application on a fresh copy of the migrated template database and its own Redis prefix,
 * so test files never see each other's rows, counters or queues.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  /** Another replica: the same database and Redis prefix as this app (closing it leaves them to their owner). */
  replicaOf?: TestApp,
  /** Deliver queued mail, as the worker does: by default when the spec gave an SMTP server to deliver to. */
  deliverMail = Boolean(env.SMTP_URL) && !replicaOf,
): Promise<TestApp> {
  const base = readTestEnv();
  const suffix = randomBytes(4).toString('hex');
  const url = new URL(replicaOf?.config.databaseUrl ?? base.databaseUrl);
  if (!replicaOf) url.pathname = `/tt_test_${base.runId}_${suffix}`;
  if (!replicaOf) await ensureDatabase(url.toString(), base.templateDatabase);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    REDIS_URL: base.redisUrl,
    REDIS_PREFIX: replicaOf?.config.redisPrefix ?? `tt_test_${base.runId}_${suffix}`,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const app = await createApp(config);
  const db = app.get(DataSource);
  let mailWorker: INestApplicationContext | undefined;
  if (deliverMail) {
    mailWorker = await NestFactory.createApplicationContext(MailDeliveryModule.forRoot(config), {
      logger: false,
      abortOnError: false,
    });
    await mailWorker.init();
  }
  return {
    app,
    http: supertest(app.getHttpServer()),
    config,
    db,
    async close() {
      await mailWorker?.close();
      await app.close();
      if (replicaOf) return;
      await dropDatabase(config.databaseUrl);
      await deleteKeys(config.redis.url, `${config.redisPrefix}:*`);
      await deleteKeys(config.redis.url, `${queuePrefix(config.redisPrefix)}:*`);
    },
  };
}

async function deleteKeys(redisUrl: string, pattern: string): Promise<void> {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

/**
 * This file's app with its mail delivered to an SMTP sink of its own: started before the file's tests and stopped
 * after them (Jest hooks, registered by the call). `use` receives the app once it runs; the sink is answered.
 */
export function appWithMailSink(use: (app: TestApp) => void): SmtpSink {
  const sink = new SmtpSink();
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp({ SMTP_URL: await sink.start() });
    use(app);
  });
  afterAll(async () => {
    await app?.close();
    await sink.stop();
  });
  return sink;
}
