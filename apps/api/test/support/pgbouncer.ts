import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { waitFor } from './wait';

/**
 * A private PgBouncer (Debian's package) in transaction mode in front of the test PostgreSQL, as the recommended
 * pooler runs: `url(database)` is a database's address through it.
 */
export class PgBouncer {
  private process?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'tt-pgbouncer-'));
  port = 0;

  constructor(private readonly upstream: URL) {}

  async start(): Promise<void> {
    const binary = [
      '/usr/sbin/pgbouncer',
      ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'pgbouncer')),
    ].find((p) => existsSync(p));
    if (!binary) throw new Error('pgbouncer is missing: install it (Debian: apt-get install pgbouncer)');
    this.port = await freePort();
    const user = decodeURIComponent(this.upstream.username || 'postgres');
    writeFileSync(join(this.dir, 'users.txt'), `"${user}" ""\n`);
    writeFileSync(
      join(this.dir, 'pgbouncer.ini'),
      `[databases]
* = host=${this.upstream.hostname} port=${this.upstream.port || 5432}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${this.port}
unix_socket_dir =
auth_type = trust
auth_file = ${this.dir}/users.txt
pool_mode = transaction
`,
    );
    // PgBouncer refuses to run as root: it drops to the postgres user, which must read its folder (it logs to
    // stderr, so it writes nothing there).
    chmodSync(this.dir, 0o755);
    const asRoot = process.getuid?.() === 0;
    this.process = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), join(this.dir, 'pgbouncer.ini')], {
      stdio: 'ignore',
    });
    await waitFor(
      () =>
        new Promise<boolean>((ok) => {
          const socket = connect(this.port, '127.0.0.1', () => ok(Boolean(socket.end())));
          socket.on('error', () => ok(false));
        }),
    );
  }

  url(database: string): string {
    const url = new URL(this.upstream);
    url.host = `127.0.0.1:${this.port}`;
    url.pathname = `/${database}`;
    return url.toString();
  }

  async stop(): Promise<void> {
    const running = this.process;
    this.process = undefined;
    if (running && running.exitCode === null)
      await new Promise((done) => {
        running.once('exit', done);
        running.kill('SIGTERM');
      });
    rmSync(this.dir, { recursive: true, force: true });
  }
}
