import Redis from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { PrivateRedis } from './private-redis';
import { waitFor } from './wait';

/**
 * A private Redis primary, its replica and three Sentinels watching them (the machine's `redis-server`, the last
 * three with `--sentinel`), for tests that kill the primary. The Sentinels call the primary down after 1 s.
 */
export class RedisWithSentinels {
  readonly name = 'tt-primary';
  readonly primary = new PrivateRedis();
  replica?: PrivateRedis;
  private readonly sentinels: { process: ChildProcess; port: number }[] = [];
  private dir = '';

  /** REDIS_SENTINELS for the app. */
  get addresses(): string {
    return this.sentinels.map((s) => `127.0.0.1:${s.port}`).join(',');
  }

  async start(): Promise<void> {
    await this.primary.start();
    this.replica = new PrivateRedis(['--replicaof', '127.0.0.1', String(this.primary.port)]);
    await this.replica.start();
    this.dir = mkdtempSync(join(tmpdir(), 'tt-sentinels-'));
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const file = join(this.dir, `sentinel-${port}.conf`);
      // Sentinels rewrite their file (what they learn of the others): each has its own, writable.
      writeFileSync(
        file,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `sentinel monitor ${this.name} 127.0.0.1 ${this.primary.port} 2`,
          `sentinel down-after-milliseconds ${this.name} 1000`,
          `sentinel failover-timeout ${this.name} 5000`,
          '',
        ].join('\n'),
      );
      this.sentinels.push({
        process: spawn('redis-server', [file, '--sentinel'], { stdio: 'ignore' }),
        port,
      });
    }
    // Ready once every Sentinel knows the replica and the other Sentinels: a failover needs both.
    await waitFor(async () => {
      const known = await Promise.all(this.sentinels.map((s) => this.ask(s.port, 'replicas', 'sentinels')));
      return known.every(([replicas, others]) => replicas >= 1 && others >= 2);
    }, 60_000);
  }

  /** How many replicas and other Sentinels one Sentinel knows; [0, 0] while it does not answer. */
  private async ask(port: number, ...what: ('replicas' | 'sentinels')[]): Promise<number[]> {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await Promise.all(
        what.map(async (w) => ((await client.call('SENTINEL', w, this.name)) as unknown[]).length),
      );
    } catch {
      return what.map(() => 0);
    } finally {
      client.disconnect();
    }
  }

  /** The port of the server the Sentinels currently call the primary. */
  async primaryPort(): Promise<number> {
    const client = new Redis({ port: this.sentinels[0].port, host: '127.0.0.1' });
    try {
      const [, port] = (await client.call('SENTINEL', 'get-master-addr-by-name', this.name)) as string[];
      return Number(port);
    } finally {
      client.disconnect();
    }
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.sentinels.splice(0).map(
        ({ process }) =>
          new Promise((done) => {
            if (process.exitCode !== null || process.signalCode !== null) return done(undefined);
            process.once('exit', done);
            process.kill('SIGKILL');
          }),
      ),
    );
    await Promise.all([this.primary.stop(), this.replica?.stop()]);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
