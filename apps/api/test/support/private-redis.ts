import Redis from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { freePort } from './free-port';
import { waitFor } from './wait';

/**
 * A Redis server of the test's own, on a free port, that the test may stop and start again (never the shared one):
 * `redis-server` from the machine, keeping nothing on disk.
 */
export class PrivateRedis {
  private server?: ChildProcess;
  port = 0;

  /** Extra `redis-server` arguments (`--maxmemory-policy allkeys-lru`, …). */
  constructor(private readonly args: string[] = []) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /**
   * Starts the server, unless it runs already: a second one could not take the port, and the first, no longer
   * tracked, would outlive the test run.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.port ||= await freePort();
    this.server = spawn(
      'redis-server',
      // A replica writes the copy it receives from its primary to disk: in the temporary folder, not the cwd.
      ['--bind', '127.0.0.1', '--port', String(this.port), '--save', '', '--appendonly', 'no'].concat(
        ['--dir', tmpdir(), '--dbfilename', `tt-redis-${this.port}.rdb`],
        this.args,
      ),
      {
        stdio: 'ignore',
      },
    );
    await waitFor(async () => {
      const probe = new Redis(this.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => undefined); // refused while the server starts: the ping says so

      const pong = await probe.ping().catch(() => null);
      probe.disconnect();
      return pong === 'PONG';
    }, 30_000);
  }

  private get running(): boolean {
    return !!this.server && this.server.exitCode === null && this.server.signalCode === null;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server || !this.running) return;
    await new Promise((done) => {
      server.once('exit', done);
      server.kill('SIGKILL');
    });
  }
}
