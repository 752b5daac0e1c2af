import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';
import { waitFor } from './wait';

/** The newest PostgreSQL server binaries of the machine (Debian keeps them out of PATH). */
function serverBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => join(root, v, 'bin', name)).find((p) => existsSync(p));
  return found ?? name;
}

/** PostgreSQL refuses to run as root: as root, the server runs as the machine's `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A PostgreSQL server of the run's own (`initdb` into a temporary folder, a free port), that it may stop and start
 * again, never the shared one. Durability is traded for speed (fsync off): the data lives as long as the run.
 */
export class PrivatePostgres {
  private server?: ChildProcess;
  private dir = '';
  port = 0;

  /** A streaming replica of `primary` (a base backup with `-R`, replaying its WAL) when given. */
  constructor(private readonly primary?: PrivatePostgres) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/think_tank`;
  }

  /** One statement on the server's think_tank database, on a connection of its own: its rows. */
  async query(text: string, params: unknown[] = []) {
    const client = new Client({ connectionString: this.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.end();
    }
  }

  async start(): Promise<void> {
    const user = serverUser();
    if (!this.dir) {
      this.dir = mkdtempSync(join(tmpdir(), 'tt-postgres-'));
      if (user) chownSync(this.dir, user.uid, user.gid);
      if (this.primary)
        execFileSync(
          serverBin('pg_basebackup'),
          ['-h', '127.0.0.1', '-p', String(this.primary.port), '-U', 'postgres', '-D', join(this.dir, 'data')]
            // -R writes the standby's connection to the primary; its WAL streams while the copy is taken; a fast
            // checkpoint starts the copy at once rather than after the next scheduled one (minutes).
            .concat(['-R', '-X', 'stream', '--no-sync', '--checkpoint=fast']),
          { stdio: 'ignore', ...user },
        );
      else
        execFileSync(
          serverBin('initdb'),
          [
            '-D',
            join(this.dir, 'data'),
            '-A',
            'trust',
            '-U',
            'postgres',
            '-E',
            'UTF8',
            '--locale=C',
            '--no-sync',
          ],
          { stdio: 'ignore', ...user },
        );
      this.port = await freePort();
    }
    this.server = spawn(
      serverBin('postgres'),
      [
        '-D',
        join(this.dir, 'data'),
        '-p',
        String(this.port),
        '-k',
        this.dir,
        '-c',
        'listen_addresses=127.0.0.1',
      ].concat(['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      { stdio: 'ignore', ...user },
    );
    await waitFor(async () => {
      try {
        execFileSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(this.port)], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    }, 30_000);
  }

  /** An outage as a crash: an immediate shutdown (SIGQUIT), every connection cut at once. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    await new Promise((done) => {
      server.once('exit', done);
      server.kill('SIGQUIT');
    });
  }

  /** Stops the server and removes its data. */
  async destroy(): Promise<void> {
    await this.stop();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
