import { ConfigError, loadConfig } from './app-config';

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
    [{ GOOGLE_CLIENT_ID: 'id' }, /^Invalid configuration: GOOGLE_CLIENT_SECRET /],
    [{ ADMIN_EMAIL: 'a@b.cn' }, /^Invalid configuration: ADMIN_PASSWORD /],
  ])('names the bad variable in one line: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
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
