import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig, withDevelopmentEnvFile, workerConfigProblems } from './app-config';
import { envSchema } from './env-schema';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/think_tank');
    expect(c.redisPrefix).toBe('think_tank');
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.google).toBeUndefined();
    // Never on because NODE_ENV was left out: only DEV_OUTBOX=true (npm start sets it) turns it on.
    expect(c.devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: 'true', SMTP_URL: 'smtp://127.0.0.1:25' }).devOutbox).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL /],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: JWT_SECRET is required in production/],
    [
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) },
      /^Invalid configuration: SMTP_URL is required in production/,
    ],
    [
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail', DEV_OUTBOX: 'true' },
      /^Invalid configuration: DEV_OUTBOX must not be on in production/,
    ],
    [
      { REDIS_SENTINELS: 'sentinel-0:26379,sentinel-1' },
      /^Invalid configuration: REDIS_SENTINELS must be host:port/,
    ],
    [
      { DATABASE_REPLICA_URLS: 'postgres://replica-0/think_tank,replica-1' },
      /^Invalid configuration: DATABASE_REPLICA_URLS must be postgres:\/\/ URLs/,
    ],
    [{ GOOGLE_CLIENT_ID: 'id' }, /^Invalid configuration: GOOGLE_CLIENT_SECRET /],
    [{ ADMIN_EMAIL: 'a@b.cn' }, /^Invalid configuration: ADMIN_PASSWORD /],
    // An image from another host would be refused by the CSP (img-src 'self' data:).
    [
      { CONTACT_QR_URL: 'https://cdn.example.cn/qr.png' },
      /^Invalid configuration: CONTACT_QR_URL must be a path/,
    ],
    [{ CONTACT_QR_URL: '//cdn.example.cn/qr.png' }, /^Invalid configuration: CONTACT_QR_URL /],
    // WeChat Pay's variables go together, and each is checked for what it is.
    [{ WECHATPAY_MCHID: '1900000109' }, /^Invalid configuration: WECHATPAY_APPID .*go together/],
    [{ WECHATPAY_APIV3_KEY: 'short' }, /^Invalid configuration: WECHATPAY_APIV3_KEY must be 32 characters/],
    [
      { WECHATPAY_PRIVATE_KEY: 'not a key' },
      /^Invalid configuration: WECHATPAY_PRIVATE_KEY must be a PEM key/,
    ],
  ])('names the bad variable in one line: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('believes X-Forwarded-For from as many proxies as TRUST_PROXY counts, or from the addresses it names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.1.2.3, 10.1.4.0/24' }).trustProxy).toEqual([
      '10.1.2.3',
      '10.1.4.0/24',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'the ingress' })).toThrow(/^Invalid configuration: TRUST_PROXY /);
  });

  it('keeps a worker from starting with more stages at once than its pool has connections to spare', () => {
    expect(workerConfigProblems(loadConfig({}))).toEqual([]);
    expect(workerConfigProblems(loadConfig({ WORKER_CONCURRENCY: '10' }))).toEqual([
      expect.stringMatching(
        /^Invalid configuration: WORKER_CONCURRENCY \(10\) must be below DB_POOL_MAX \(10\)/,
      ),
    ]);
    // An API process with a small pool runs no stage: its configuration is valid.
    expect(() => loadConfig({ DB_POOL_MAX: '2' })).not.toThrow();
  });

  it("puts the sockets' Pub/Sub on REDIS_URL's Redis unless SOCKET_REDIS_URL names its own", () => {
    const shared = loadConfig({ REDIS_URL: 'redis://queues:6379', REDIS_SENTINELS: 's-0:26379' });
    expect(shared.socketRedis).toEqual(shared.redis);
    expect(shared.socketAdapter).toBe('sharded');
    const apart = loadConfig({
      REDIS_URL: 'redis://queues:6379',
      REDIS_SENTINELS: 's-0:26379',
      REDIS_SENTINEL_PASSWORD: 'pw',
      SOCKET_REDIS_URL: 'redis://:secret@sockets:6379',
      SOCKET_REDIS_SENTINELS: 'ss-0:26379,ss-1:26380',
      SOCKET_REDIS_SENTINEL_NAME: 'sockets',
      SOCKET_ADAPTER: 'classic',
    });
    expect(apart.redis.url).toBe('redis://queues:6379');
    expect(apart.socketRedis).toEqual({
      url: 'redis://:secret@sockets:6379',
      sentinels: [
        { host: 'ss-0', port: 26379 },
        { host: 'ss-1', port: 26380 },
      ],
      sentinelName: 'sockets',
      sentinelPassword: 'pw',
    });
    expect(apart.socketAdapter).toBe('classic');
    expect(() => loadConfig({ SOCKET_ADAPTER: 'cluster' })).toThrow(
      /^Invalid configuration: SOCKET_ADAPTER /,
    );
  });

  it('serves the API documents outside production, and in production only with API_DOCS=true', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail' };
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('gives node-pg the database CA that PGSSLROOTCERT names, once the file is there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tt-ca-'));
    const ca = join(dir, 'ca.crt');
    const url = 'postgres://app:pw@db.internal:5432/think_tank?sslmode=verify-full';
    try {
      // The Secret is optional: before it is mounted, nothing changes.
      expect(loadConfig({ DATABASE_URL: url, PGSSLROOTCERT: ca }).databaseUrl).toBe(url);
      writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n');
      expect(
        new URL(loadConfig({ DATABASE_URL: url, PGSSLROOTCERT: ca }).databaseUrl).searchParams.get(
          'sslrootcert',
        ),
      ).toBe(ca);
      // A CA the URL names itself wins.
      const own = `${url}&sslrootcert=/own/ca.pem`;
      expect(
        new URL(loadConfig({ DATABASE_URL: own, PGSSLROOTCERT: ca }).databaseUrl).searchParams.get(
          'sslrootcert',
        ),
      ).toBe('/own/ca.pem');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never echoes the value it refuses: a secret, a key or a password in a URL reaches no log', () => {
    for (const [name, value] of [
      ['JWT_SECRET', 'short-but-secret'],
      ['REDIS_URL', 'http://:hunter2pass@cache:6379'],
      ['DATABASE_URL', 'mysql://admin:hunter2@db:3306/x'],
    ]) {
      const error = (() => {
        try {
          loadConfig({ [name]: value });
        } catch (err) {
          return (err as Error).message;
        }
      })();
      expect(error).toMatch(
        new RegExp(`^Invalid configuration: ${name} .*\\(${value.length} characters given\\)$`),
      );
      expect(error).not.toContain(value.slice(0, 12));
    }
  });

  it('reads provider endpoints only when the provider is on', () => {
    const c = loadConfig({
      GITHUB_CLIENT_ID: 'i',
      GITHUB_CLIENT_SECRET: 's',
      GITHUB_TOKEN_URL: 'http://127.0.0.1:9/token',
    });
    expect(c.github).toEqual({
      clientId: 'i',
      clientSecret: 's',
      tokenUrl: 'http://127.0.0.1:9/token',
      authUrl: undefined,
      profileUrl: undefined,
    });
  });
});

describe('.env in development (withDevelopmentEnvFile) and .env.example', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tt-env-'));
  writeFileSync(join(dir, '.env'), 'PORT=4100\nREDIS_PREFIX=from_file\nNODE_ENV=production\n');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('completes a development environment from ./.env, where a variable already set wins', () => {
    const env = withDevelopmentEnvFile({ REDIS_PREFIX: 'from_env' }, dir);
    expect(env).toMatchObject({ PORT: '4100', REDIS_PREFIX: 'from_env' });
    // The file cannot make a development process production.
    expect(loadConfig(env).env).toBe('development');
  });

  it('never reads the file in production or tests', () => {
    for (const NODE_ENV of ['production', 'test'])
      expect(withDevelopmentEnvFile({ NODE_ENV }, dir)).toEqual({ NODE_ENV });
  });

  it('lists every variable, each at its default', () => {
    const keys = (schema: z.ZodTypeAny): string[] => {
      if (schema instanceof z.ZodEffects) return keys(schema.innerType());
      if (schema instanceof z.ZodIntersection) return [...keys(schema._def.left), ...keys(schema._def.right)];
      if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
      throw new Error(`unexpected schema ${schema.constructor.name}`);
    };
    const text = readFileSync(join(__dirname, '../../../../../.env.example'), 'utf8');
    const listed = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual(keys(envSchema).sort());
    // Copied to .env unchanged, it configures exactly what no file does (but the per-start random key).
    const { jwtSecret: _a, ...fromExample } = loadConfig(parseEnv(text));
    const { jwtSecret: _b, ...defaults } = loadConfig({});
    expect(fromExample).toEqual(defaults);
  });
});
