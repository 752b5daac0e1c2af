import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_VERSION } from '../src/core/http/api-version';
import { CONTRACTS } from '../src/database/migrations';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

describe('API foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is live and ready when PostgreSQL and Redis answer', async () => {
    await t.http.get('/api/health/live').expect(200, { status: 'ok' });
    await t.http.get('/ready').expect(200, { status: 'ok' });
    for (const path of ['/api/health/deps', '/api/health/ready'])
      await t.http.get(path).expect(200, { status: 'ok', checks: { database: 'up', redis: 'up' } });
  });

  it('refuses readiness while its schema lacks a migration of its code, saying which, until it is applied', async () => {
    // The newest migration that adds something (a contract step only removes: the code never waits for one).
    const [last] = await t.db.query(
      `SELECT * FROM migrations WHERE NOT (name = ANY($1)) ORDER BY id DESC LIMIT 1`,
      [Object.keys(CONTRACTS)],
    );
    const contracts = await t.db.query(`SELECT * FROM migrations WHERE name = ANY($1)`, [
      Object.keys(CONTRACTS),
    ]);
    await t.db.query(`DELETE FROM migrations WHERE name = ANY($1)`, [Object.keys(CONTRACTS)]);
    expect(contracts.length).toBeGreaterThan(0);
    await t.db.query(`DELETE FROM migrations WHERE id = $1`, [last.id]);
    // A new replica of this release, started before the migration Job has finished.
    const early = await startTestApp({}, t);
    try {
      const refused = await early.http.get('/ready').expect(503);
      expect(refused.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        reasons: [`schema behind the code: pending migration(s) ${last.name}`],
      });
      // It serves what the schema allows meanwhile: only the probe holds traffic back.
      await early.http.get('/api/health/deps').expect(200);
      await t.db.query(`INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)`, [
        last.id,
        last.timestamp,
        last.name,
      ]);
      // Ready, its contract steps still pending.
      await waitFor(async () => (await early.http.get('/ready')).status === 200, 15_000);
      for (const c of contracts)
        await t.db.query(`INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)`, [
          c.id,
          c.timestamp,
          c.name,
        ]);
    } finally {
      await early.close();
    }
  });

  it('serves the public diagnostic page with the version, uptime and both services’ status', async () => {
    const page = await t.http.get('/api/minimal-test/view').expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(`<td>${API_VERSION}</td>`);
    expect(page.text).toMatch(/<th>PostgreSQL<\/th><td><span class="up">/);
    expect(page.text).toMatch(/<th>Redis<\/th><td><span class="up">/);
    expect(page.text).toMatch(/运行时间 Uptime<\/th><td>\d+ s/);
  });

  it('answers unknown API routes with the JSON error body, in Chinese unless English is preferred', async () => {
    const zh = await t.http.get('/api/no-such-thing').expect(404);
    expect(zh.headers['content-type']).toMatch(/application\/json/);
    expect(zh.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: 'NOT_FOUND',
      message: '请求的资源不存在',
    });
    const en = await t.http.post('/api/no-such-thing').set('Accept-Language', 'en-GB,en;q=0.9').expect(404);
    expect(en.body.message).toBe('The requested resource does not exist.');
  });

  it('refuses bodies over 1 MiB with 413 and malformed JSON with 400, in the same shape', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'y' });
    const tooLarge = await t.http
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send(big)
      .expect(413);
    expect(tooLarge.body).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      error: 'PAYLOAD_TOO_LARGE',
    });
    const bad = await t.http
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"username":')
      .expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST' });
    expect(JSON.stringify(bad.body)).not.toMatch(/at .*\.js/);
  });

  it('refuses unknown fields and reports each invalid field', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ username: '', password: 'x', isAdmin: true })
      .expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toEqual([
      { field: 'username', message: '此项不能为空' },
      { field: 'isAdmin', message: '不允许的字段' },
    ]);
    expect(res.body.message).toBe('此项不能为空');
  });

  it('carries a request id: the caller’s when it is a plain token, else a new one', async () => {
    const given = await t.http.get('/api/health/live').set('X-Request-Id', 'abc-123').expect(200);
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await t.http
      .get('/api/health/live')
      .set('X-Request-Id', 'bad id\twith tab')
      .expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows cross-origin calls only from PUBLIC_URL and sets security headers', async () => {
    const ok = await t.http.get('/api/health/live').set('Origin', 'http://localhost:3000').expect(200);
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const other = await t.http.get('/api/health/live').set('Origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['content-security-policy']).toContain("default-src 'self'");
    expect(ok.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(ok.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(ok.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(ok.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(ok.headers['x-powered-by']).toBeUndefined();
    // Errors carry them too.
    const missing = await t.http.get('/api/no-such-route').expect(404);
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes the OpenAPI document and its human page', async () => {
    const doc = await t.http.get('/api/docs-json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/me',
      '/api/users/subscriptions/plans',
      '/api/payments/alipay/create-order',
      '/api/payments/order-status/{orderId}',
      '/api/solutions/initiate-solution-payment',
      '/api/auth/exchange',
      '/api/auth/google',
      '/api/auth/github',
      '/api/health/ready',
      '/api/health/deps',
      '/api/users/vip-application',
      '/api/admin/vip-applications',
      '/api/solutions/{id}/teaser',
      '/api/solutions/{id}/view-ticket',
      '/api/demand-store/lab-ticket',
      '/api/payments/orders/{orderId}/invoice',
      '/api/payments/orders/{orderId}/invoice/pdf',
      '/api/admin/invoices',
      '/api/demand-store/{id}/export/docx',
      '/api/admin/solutions/citations',
    ])
      expect(Object.keys(doc.body.paths)).toContain(path);
    const page = await t.http.get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Off where API_DOCS=false (production's default): no map of the API for strangers.
    const closed = await startTestApp({ API_DOCS: 'false' }, t);
    try {
      for (const path of ['/api/docs', '/api/docs-json']) await closed.http.get(path).expect(404);
    } finally {
      await closed.close();
    }
  });

  it('keeps entities and migrations in step (nothing left to generate)', async () => {
    const pending = await t.db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('answers an unexpected failure with 500 and a correlation id, never the cause', async () => {
    await t.db.query('ALTER TABLE users RENAME TO users_gone');
    try {
      const res = await t.http
        .post('/api/auth/login')
        .send({ username: 'someone', password: 'whatever' })
        .expect(500);
      expect(res.body).toEqual({
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        error: 'INTERNAL_ERROR',
        message: '服务器内部错误，请稍后重试',
        requestId: res.headers['x-request-id'],
      });
    } finally {
      await t.db.query('ALTER TABLE users_gone RENAME TO users');
    }
  });
});

describe('the connection pool (DB_POOL_MAX)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DB_POOL_MAX: '2' });
  });
  afterAll(() => t.close());

  it('holds at most DB_POOL_MAX connections per process, queueing the rest of a burst', async () => {
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => t.http.get('/api/solutions/search?query=%E6%B8%AF%E5%8F%A3')),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    const [{ n }] = await t.db.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()',
    );
    expect(n).toBeLessThanOrEqual(2);
  });
});

describe('the site information (GET /api/site)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers null for what is not configured', async () => {
    t = await startTestApp();
    await t.http
      .get('/api/site')
      .expect(200, { contact: { email: null, phone: null, qrUrl: null }, icpFiling: null, resultsUrl: null });
  });

  it('answers the configured contact details, filing number and results list, to anyone', async () => {
    t = await startTestApp({
      CONTACT_EMAIL: 'service@think-tank.cn',
      CONTACT_PHONE: '400-800-1234',
      CONTACT_QR_URL: '/assets/wechat-qr.png',
      ICP_FILING: '京ICP备12345678号',
      RESULTS_URL: 'https://www.think-tank.cn/results',
    });
    const res = await t.http.get('/api/site').expect(200);
    expect(res.body).toEqual({
      contact: { email: 'service@think-tank.cn', phone: '400-800-1234', qrUrl: '/assets/wechat-qr.png' },
      icpFiling: '京ICP备12345678号',
      resultsUrl: 'https://www.think-tank.cn/results',
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('the web app served by the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'tt-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>智库</title>');
    writeFileSync(join(dist, 'assets', 'app-4f2a9c.js'), 'export const ready = true;\n');
    t = await startTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t.close());

  it('sends a page every security header, and a hashed asset only those that apply to a script', async () => {
    const page = await t.http.get('/requirements').expect(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const asset = await t.http.get('/assets/app-4f2a9c.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'x-xss-protection',
    ])
      expect(asset.headers[documentOnly]).toBeUndefined();
    // Under /assets/ there are files only: no path there is the app's page, which would go without its CSP.
    for (const path of ['/assets/x', '/assets/', '/assets/app-4f2a9c']) {
      const missing = await t.http.get(path).expect(404);
      expect(missing.text).not.toContain('<title>智库</title>');
      expect(missing.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });
});
