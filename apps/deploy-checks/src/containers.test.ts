/** The images and the compose file. */
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import {
  ASSET_SECURITY_HEADERS,
  assetHeaders,
  helmetOptions,
  securityHeaders,
} from '../../api/src/core/http/security-headers';
import { composeConfig, read } from './files';
import { redisPatched } from './workloads';

describe('Dockerfiles', () => {
  for (const file of ['docker/Dockerfile', 'docker/Dockerfile.web']) {
    const text = read(file);
    it(`${file}: pinned base images, a non-root final stage, a health check`, () => {
      const args = Object.fromEntries([...text.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
      const images = [...text.matchAll(/^FROM (\S+)/gm)].map((m) =>
        m[1].replace(/^\$\{(\w+)\}$/, (_, a: string) => args[a]),
      );
      expect(images.length).toBeGreaterThan(1);
      for (const image of images.filter((i) => !/^[a-z]+$/.test(i))) {
        // name:1.2.3-variant or a digest; never latest, never a bare major.
        expect(image).toMatch(/^[^:@]+(?::\d+\.\d+\.\d+(?:-[\w.-]+)?|@sha256:[0-9a-f]{64})$/);
      }
      const finalStage = text.slice(text.lastIndexOf('\nFROM '));
      expect(finalStage).toMatch(/^USER (?!root|0\b)\w+/m);
      expect(finalStage).toMatch(/^HEALTHCHECK /m);
    });
  }

  it('has nginx send the SPA the API’s own security headers, and ship no source maps', () => {
    const headersOf = (file: string) =>
      Object.fromEntries(
        [...read(file).matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)].map((m) => [
          m[1].toLowerCase(),
          m[2],
        ]),
      );
    const api = securityHeaders(helmetOptions(true));
    const sent = headersOf('docker/security-headers.conf');
    expect(sent).toEqual(api);
    expect(sent['content-security-policy']).toContain("frame-ancestors 'self'");
    // A hashed asset gets what applies to it, as the API sends it.
    const assets = headersOf('docker/asset-headers.conf');
    expect(assets).toEqual(assetHeaders(api));
    expect(Object.keys(assets).sort()).toEqual([...ASSET_SECURITY_HEADERS].sort());
    // In every location that serves the app's files (an add_header of its own would drop inherited ones).
    const conf = read('docker/nginx.conf');
    for (const [location, file] of [
      ['/assets/', 'asset-headers'],
      ['/', 'security-headers'],
    ])
      expect(conf).toMatch(
        new RegExp(`location ${location} \\{[^}]*include /etc/nginx/${file}\\.conf;`, 's'),
      );
    const dockerfile = read('docker/Dockerfile.web');
    for (const file of ['security-headers', 'asset-headers'])
      expect(dockerfile).toContain(`COPY docker/${file}.conf /etc/nginx/${file}.conf`);
    expect(dockerfile).toMatch(/find dist\/apps\/web -name '\*\.map' -delete/);
  });

  it('runs node under tini, so SIGTERM reaches the shutdown hooks', () => {
    expect(read('docker/Dockerfile')).toMatch(/ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/);
  });

  it('has nginx proxy the API and upgrade socket.io, serve assets a year and index.html never', () => {
    const conf = read('docker/nginx.conf');
    expect(conf).toMatch(/location \/socket\.io\/ \{[^}]*proxy_set_header Upgrade \$http_upgrade/s);
    expect(conf).toMatch(/location \/assets\/ \{[^}]*max-age=31536000, immutable/s);
    expect(conf).toMatch(/location \/ \{[^}]*no-cache[^}]*try_files \$uri \/index\.html/s);
  });
});

describe('docker/compose.yml', () => {
  it('is a valid compose file with PostgreSQL, Redis, Mailpit, migrations, api, worker and web', () => {
    const run = composeConfig('docker/compose.yml');
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    for (const service of ['postgres', 'redis', 'mailpit', 'migrate', 'api', 'worker', 'web'])
      expect(run.stdout).toMatch(new RegExp(`^  ${service}:`, 'm'));
  });

  it('waits for what each service checks, gives the worker its own health check, and lets both drain', () => {
    const compose = parseDocument(read('docker/compose.yml')).toJS() as {
      services: Record<
        string,
        { depends_on?: object; healthcheck?: { test: string[] }; stop_grace_period?: string }
      >;
    };
    const { migrate, api, worker } = compose.services;
    expect(migrate.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    // Not the image's check on the API's port 3000, where a worker listens to nothing.
    expect(worker.healthcheck?.test.join(' ')).toContain('9464/ready');
    const seconds = (s?: string) => Number(/^(\d+)s$/.exec(s ?? '')?.[1] ?? 0);
    const drain = (entry: string) =>
      Number(new RegExp(`closeOnSignals\\(starting, (\\d+)_000`).exec(read(entry))![1]);
    expect(seconds(api.stop_grace_period)).toBeGreaterThan(drain('apps/api/src/main.ts'));
    expect(seconds(worker.stop_grace_period)).toBeGreaterThan(drain('apps/api/src/worker.ts'));
  });

  it('survives restarts with its data, reaches PostgreSQL only once it takes TCP, and stays on this machine', () => {
    const compose = parseDocument(read('docker/compose.yml')).toJS() as {
      services: Record<
        string,
        {
          image?: string;
          command?: string[];
          volumes?: string[];
          ports?: string[];
          restart?: string;
          healthcheck?: { test: string[] };
        }
      >;
      volumes: Record<string, unknown>;
    };
    const { postgres, redis } = compose.services;
    // During its first start PostgreSQL listens on its socket alone; -h makes the check use TCP, as the app does.
    expect(postgres.healthcheck?.test.join(' ')).toMatch(/pg_isready -h 127\.0\.0\.1 /);
    // Queued mail and jobs survive a Redis restart: an append-only file on a volume.
    expect(redis.command?.join(' ')).toMatch(/--appendonly yes/);
    expect(redis.volumes).toEqual(['redis:/data']);
    expect(redisPatched(redis.image ?? ''), redis.image).toBe(true);
    expect(Object.keys(compose.volumes).sort()).toEqual(['backups', 'postgres', 'redis']);
    for (const [name, service] of Object.entries(compose.services)) {
      // Everything that runs on comes back after a crash or a reboot; the one-shot migration does not.
      expect(service.restart, name).toBe(name === 'migrate' ? 'no' : 'unless-stopped');
      // The laptop secrets are known: nothing listens beyond this machine.
      for (const port of service.ports ?? []) expect(port, name).toMatch(/^127\.0\.0\.1:/);
    }
  });
});
