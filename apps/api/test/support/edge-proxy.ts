import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { waitFor } from './wait';

const DOCKER = resolve(__dirname, '../../../../docker');

/**
 * The web container's own nginx.conf (docker/nginx.conf, the edge of the compose stack and the proxy it ships) in
 * front of an API on `apiPort`: what a request goes through before the API sees its client address.
 */
export class EdgeProxy {
  private process?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'tt-edge-'));
  port = 0;

  async start(apiPort: number): Promise<void> {
    // Debian keeps nginx in /usr/sbin, which a user's PATH may lack.
    const nginx = [
      '/usr/sbin/nginx',
      ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'nginx')),
    ].find((p) => existsSync(p));
    if (!nginx) throw new Error('nginx is missing: install it (Debian: apt-get install nginx)');
    this.port = await freePort();
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'html']) mkdirSync(join(this.dir, sub));
    const server = readFileSync(join(DOCKER, 'nginx.conf'), 'utf8')
      .replace('server api:3000;', `server 127.0.0.1:${apiPort};`)
      .replace('listen 8080;', `listen 127.0.0.1:${this.port};`)
      .replace('root /usr/share/nginx/html;', `root ${this.dir}/html;`)
      .replaceAll('/etc/nginx/', `${DOCKER}/`);
    const conf = join(this.dir, 'nginx.conf');
    writeFileSync(
      conf,
      `worker_processes 1;
error_log ${this.dir}/error.log warn;
pid ${this.dir}/nginx.pid;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${this.dir}/body;
  proxy_temp_path ${this.dir}/proxy;
  fastcgi_temp_path ${this.dir}/fastcgi;
  uwsgi_temp_path ${this.dir}/uwsgi;
  scgi_temp_path ${this.dir}/scgi;
  ${server}
}`,
    );
    this.process = spawn(nginx, ['-c', conf, '-p', this.dir, '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitFor(async () => {
      const res = await fetch(`http://127.0.0.1:${this.port}/healthz`).catch(() => null);
      return res?.ok ?? false;
    });
  }

  async stop(): Promise<void> {
    const running = this.process;
    this.process = undefined;
    // SIGTERM, not SIGKILL: the master then ends its workers, which a killed master would leave running.
    if (running && running.exitCode === null)
      await new Promise((done) => {
        running.once('exit', done);
        running.kill('SIGTERM');
      });
    rmSync(this.dir, { recursive: true, force: true });
  }
}
