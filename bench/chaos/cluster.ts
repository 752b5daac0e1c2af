/**
 * The chaos run's own small production: a private PostgreSQL (behind a TCP proxy that can add latency) and Redis,
 * two API processes and two workers from the built image's entry points, and nginx balancing HTTP and WebSocket
 * across the APIs as the Ingress does. Every process is watched: one that exits without the run asking is a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { join, resolve } from 'node:path';
import { FakeAlipayPlatform } from '../../apps/api/test/fakes/alipay-platform';
import { freePort } from '../../apps/api/test/support/free-port';
import { PrivatePostgres } from '../../apps/api/test/support/private-postgres';
import { PrivateRedis } from '../../apps/api/test/support/private-redis';
import { RedisWithSentinels } from '../../apps/api/test/support/redis-sentinels';
import { TcpProxy } from '../../apps/api/test/support/tcp-proxy';
import { waitFor } from '../../apps/api/test/support/wait';

// Compiled to dist/bench/bench/chaos/: the repository is four levels up.
export const ROOT = resolve(__dirname, '../../../..');
export const JWT_SECRET = 'chaos-secret-that-is-long-enough-for-hs256-keys';

export interface Member {
  name: string;
  kind: 'api' | 'worker';
  /** Its HTTP port: the API's, or the worker's metrics port. */
  port: number;
  child: ChildProcess;
  /** Set when the run itself stops the process (a kill or a SIGTERM), so its exit is expected. */
  stopping: boolean;
}

/** A GET on loopback answered within 2 s, or null. */
export async function probe(url: string): Promise<Response | null> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
}

function nginxConfig(dir: string, port: number, apis: number[]): string {
  return `
worker_processes 1;
error_log ${dir}/nginx-error.log warn;
pid ${dir}/nginx.pid;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  # Round robin, no session affinity: the sockets speak WebSocket only, so none is needed.
  upstream api { ${apis.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join(' ')} keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    location /socket.io/ {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_read_timeout 3600s;
    }
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection '';
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Request-Id $request_id;
    }
  }
}`;
}

/** How many of each process, and whether the data layer is scaled out (a read replica, Redis behind Sentinels). */
export interface ClusterShape {
  apis: number;
  workers: number;
  scaled: boolean;
}

export class ChaosCluster {
  readonly postgres = new PrivatePostgres();
  /** The streaming replica that the library's reads go to (scaled runs). */
  replica?: PrivatePostgres;
  /** Redis's primary, its replica and three Sentinels (scaled runs); else a single Redis. */
  sentinels?: RedisWithSentinels;
  private readonly single = new PrivateRedis();
  readonly alipay = new FakeAlipayPlatform();
  dbProxy!: TcpProxy;
  readonly members: Member[] = [];
  /** What a fault saw go wrong while it lasted (a probe that failed, say): the run fails on any. */
  readonly failures: string[] = [];
  /** Measurements a fault took beside its row (printed under the table). */
  readonly notes: string[] = [];
  /** Processes that exited without the run asking: name, code or signal. */
  readonly unexpectedExits: string[] = [];
  readonly dir = mkdtempSync(join(tmpdir(), 'tt-chaos-'));
  private nginx?: ChildProcess;
  url = '';
  private env: Record<string, string> = {};
  private generation = 0;

  constructor(
    private readonly generatorStepMs: number,
    readonly shape: ClusterShape,
    /** More configuration for every process (a language model's address, the stages a worker runs at once). */
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  /** The Redis servers (not the Sentinels), primary first as they were started. */
  get redisServers(): PrivateRedis[] {
    return this.sentinels ? [this.sentinels.primary, this.sentinels.replica!] : [this.single];
  }

  async start(): Promise<void> {
    await this.postgres.start();
    if (this.shape.scaled) {
      this.sentinels = new RedisWithSentinels();
      await this.sentinels.start();
    } else await this.single.start();
    this.dbProxy = new TcpProxy('127.0.0.1', this.postgres.port);
    await this.dbProxy.up();
    const nginxPort = await freePort();
    this.url = `http://127.0.0.1:${nginxPort}`;
    this.env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? this.dir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${this.dbProxy.port}/think_tank`,
      REDIS_URL: this.redisServers[0].url,
      ...(this.sentinels && {
        REDIS_SENTINELS: this.sentinels.addresses,
        REDIS_SENTINEL_NAME: this.sentinels.name,
      }),
      JWT_SECRET,
      PUBLIC_URL: this.url,
      TRUST_PROXY: '127.0.0.1',
      // Nothing listens there: mail jobs fail and are retried, as with an SMTP server that is down.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      PAYMENTS_SANDBOX: 'true',
      PAID_DAILY_VIEW_LIMIT: '100000',
      GENERATOR_STEP_MS: String(this.generatorStepMs),
      ...this.alipay.env(),
      ALIPAY_GATEWAY: await this.alipay.startGateway(),
      ...this.extraEnv,
    };
    // Migrations and the catalogue (plans, solutions) as a first install would have them; not synchronously, since
    // the database proxy runs in this process.
    const setup = spawn(process.execPath, [join(ROOT, 'dist/apps/api/cli.js'), 'setup'], {
      env: { ...this.env, NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise((done) => setup.once('exit', done));
    if (code !== 0) throw new Error(`cli setup exited with ${code}`);
    if (this.shape.scaled) {
      this.replica = new PrivatePostgres(this.postgres);
      await this.replica.start();
      this.env.DATABASE_REPLICA_URLS = this.replica.url;
    }
    const apis: Member[] = [];
    for (let i = 0; i < this.shape.apis; i++) apis.push(await this.spawn('api'));
    for (let i = 0; i < this.shape.workers; i++) await this.spawn('worker');
    await this.startNginx(apis.map((a) => a.port));
    await this.ready();
  }

  get apis(): Member[] {
    return this.members.filter((m) => m.kind === 'api');
  }
  get workers(): Member[] {
    return this.members.filter((m) => m.kind === 'worker');
  }

  /** Starts an API (on the port of the one it replaces, as a pod behind the same Service would) or a worker. */
  async spawn(kind: Member['kind'], port?: number): Promise<Member> {
    port ??= await freePort();
    const name = `${kind}-${++this.generation}`;
    const log = createWriteStream(join(this.dir, `${name}.log`));
    const child = spawn(
      process.execPath,
      [join(ROOT, `dist/apps/api/${kind === 'api' ? 'main' : 'worker'}.js`)],
      {
        env: {
          ...this.env,
          ...(kind === 'api' ? { PORT: String(port) } : { WORKER_METRICS_PORT: String(port) }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    const member: Member = { name, kind, port, child, stopping: false };
    child.once('exit', (code, signal) => {
      if (!member.stopping) this.unexpectedExits.push(`${name} (${signal ?? `exit ${code}`})`);
      this.members.splice(this.members.indexOf(member), 1);
    });
    this.members.push(member);
    return member;
  }

  /** When Redis was last stopped: every socket open then must have reconnected since (its pushes were lost). */
  redisStoppedAt = 0;

  /** A member ended with a signal and, after `pauseMs`, its successor started on its port, as Kubernetes would. */
  async replace(member: Member, signal: NodeJS.Signals, pauseMs = 0): Promise<void> {
    await this.stop(member, signal);
    await sleep(pauseMs);
    await this.spawn(member.kind, member.port);
  }

  /**
   * PostgreSQL, its read replica or Redis (every Redis server: behind Sentinels, a failover is no outage) stopped for
   * `ms`, then started again on the same ports and data, Redis's primary before its replica.
   */
  async outage(service: 'postgres' | 'replica' | 'redis', ms: number): Promise<void> {
    const servers =
      service === 'redis' ? this.redisServers : [service === 'postgres' ? this.postgres : this.replica!];
    if (service === 'redis') this.redisStoppedAt = Date.now();
    for (const server of servers) await server.stop();
    await sleep(ms);
    for (const server of servers) await server.start();
  }

  /** Replay on the read replica held back by `delay` (recovery_min_apply_delay): a replica that far behind. */
  async replicaDelay(delay: string): Promise<void> {
    for (const text of [`ALTER SYSTEM SET recovery_min_apply_delay = '${delay}'`, 'SELECT pg_reload_conf()'])
      await this.sql(text, [], this.replica);
  }

  /** Cuts the API's socket subscriber connection (CLIENT KILL on the primary): how many connections it cut. */
  async cutSubscriber(api: Member): Promise<number> {
    const port = this.sentinels ? await this.sentinels.primaryPort() : this.single.port;
    const redis = new Redis({ host: '127.0.0.1', port });
    try {
      const list = (await redis.client('LIST')) as string;
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=socket-subscriber-${api.child.pid} `))
        .map((line) => /\bid=(\d+)/.exec(line)![1]);
      for (const id of ids) await redis.client('KILL', 'ID', id);
      return ids.length;
    } finally {
      redis.disconnect();
    }
  }

  /** Transactions PostgreSQL has ended since it started (commits and rollbacks, every database). */
  async transactions(): Promise<number> {
    const [{ n }] = await this.sql(
      'SELECT sum(xact_commit + xact_rollback)::bigint AS n FROM pg_stat_database',
    );
    return Number(n);
  }

  /** Ends a member with a signal and waits for its exit. */
  async stop(member: Member, signal: NodeJS.Signals): Promise<void> {
    member.stopping = true;
    await new Promise((done) => {
      member.child.once('exit', done);
      member.child.kill(signal);
    });
  }

  /** Each process answers its readiness probe (as Kubernetes asks it), and a search goes through the balancer. */
  async ready(timeoutMs = 120_000): Promise<void> {
    await waitFor(
      async () => (await this.notReady()).length === 0 && (await this.search()) === 200,
      timeoutMs,
    );
  }

  /** The members whose readiness probe does not answer 200 now: those a Service would take out. */
  async notReady(): Promise<Member[]> {
    const answers = await Promise.all(
      this.members.map(async (m) =>
        (await probe(`http://127.0.0.1:${m.port}/ready`))?.status === 200 ? [] : [m],
      ),
    );
    return answers.flat();
  }

  /** A search through the balancer: its status, or 0 when nothing answered. */
  async search(): Promise<number> {
    return (await probe(`${this.url}/api/solutions/search?query=%E6%95%B0%E6%8D%AE`))?.status ?? 0;
  }

  /** A query on the run's database, straight to PostgreSQL (not through the proxy that faults slow down). */
  sql(text: string, params: unknown[] = [], server: PrivatePostgres = this.postgres) {
    return server.query(text, params);
  }

  /** The sum of one counter across the processes running now (their /metrics). */
  async counterSum(name: string): Promise<number> {
    let sum = 0;
    for (const m of this.members) {
      const text = await (await probe(`http://127.0.0.1:${m.port}/metrics`))?.text();
      const line = text?.split('\n').find((l) => l.startsWith(`${name} `));
      sum += line ? Number(line.split(' ')[1]) : 0;
    }
    return sum;
  }

  private async startNginx(apiPorts: number[]): Promise<void> {
    // Debian keeps nginx in /usr/sbin, which a user's PATH may lack.
    const nginx = [
      '/usr/sbin/nginx',
      ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'nginx')),
    ].find((p) => existsSync(p));
    if (!nginx) throw new Error('nginx is missing: install it (Debian: apt-get install nginx)');
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(this.dir, sub));
    const conf = join(this.dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(this.dir, Number(new URL(this.url).port), apiPorts));
    this.nginx = spawn(nginx, ['-c', conf, '-p', this.dir, '-g', 'daemon off;'], { stdio: 'ignore' });
    this.nginx.once('exit', (code) => {
      if (this.nginx) this.unexpectedExits.push(`nginx (exit ${code})`);
    });
  }

  async stopAll(): Promise<void> {
    const nginx = this.nginx;
    this.nginx = undefined;
    // SIGTERM, not SIGKILL: the master then ends its workers, which a killed master would leave running.
    if (nginx && nginx.exitCode === null)
      await new Promise((done) => {
        nginx.once('exit', done);
        nginx.kill('SIGTERM');
      });
    await Promise.all(this.members.map((m) => this.stop(m, 'SIGKILL')));
    await this.dbProxy?.down();
    await this.alipay.stopGateway();
    if (this.sentinels) await this.sentinels.stop();
    else await this.single.stop();
    await this.replica?.destroy();
    await this.postgres.destroy();
  }

  /** Removes the run's folder (logs, nginx files); kept when the run failed, for reading. */
  clean(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
