import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { WorkerModule } from '../../src/worker.module';
import type { TestApp } from './test-app';

/** The real worker module in this process, on the test app's database, Redis prefix and configuration. */
export async function startTestWorker(t: TestApp): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
    logger: false,
    abortOnError: false,
  });
  await worker.init();
  return worker;
}

/** An entry point (`src/worker.ts`, `src/main.ts`) as its own process, compiled on the fly by swc, on the app's database. */
export function spawnEntry(
  t: TestApp,
  entry: 'worker' | 'main',
  env: Record<string, string> = {},
  /** Pipe stdout (the JSON log) for the test to read; it must then be read. */
  captureStdout = false,
): ChildProcess {
  return spawn(
    process.execPath,
    ['-r', resolve(__dirname, '../../swc-register.js'), resolve(__dirname, `../../src/${entry}.ts`)],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: t.config.databaseUrl,
        REDIS_URL: t.config.redis.url,
        REDIS_PREFIX: t.config.redisPrefix,
        JWT_SECRET: t.config.jwtSecret,
        ...env,
      },
      stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'inherit'],
    },
  );
}

/** `src/cli.ts <args>` run to its end with only the given environment (plus PATH), as ops would run it. */
export function runCli(
  args: string[],
  env: Record<string, string>,
  /** Told of the output so far each time some arrives, for a test that acts on what the CLI says. */
  onOutput?: (output: string) => void,
): Promise<{ code: number | null; output: string }> {
  const cli = spawn(
    process.execPath,
    ['-r', resolve(__dirname, '../../swc-register.js'), resolve(__dirname, '../../src/cli.ts'), ...args],
    { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  for (const stream of [cli.stdout, cli.stderr])
    stream.on('data', (d) => {
      output += d;
      onOutput?.(output);
    });
  return new Promise((done) => cli.on('close', (code) => done({ code, output })));
}

/** `src/worker.ts` as its own process, for tests that kill it. */
export const spawnWorker = (t: TestApp, env: Record<string, string> = {}) => spawnEntry(t, 'worker', env);
