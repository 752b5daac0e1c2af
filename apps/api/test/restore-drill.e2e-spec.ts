import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, verifiedUser } from './support/accounts';
import { createSolution } from './support/factories';
import { PrivatePostgres } from './support/private-postgres';
import { call, json, spawnApi } from './support/spawned-api';
import { runCli } from './support/worker';
import { workshopSpec } from './support/workshop';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The restore drill (`npm run drill:restore`, docs/operations/backups.md): a database with what a buyer paid for (a solution
 * view, an issued invoice's PDF, a started demand's lab) backed up with `cli backup`, restored with `cli restore`
 * into a new database on another PostgreSQL server, and the API started on it: the buyer still reads, downloads the
 * same invoice bytes and opens the lab.
 */
describe('the restore drill', () => {
  const { w, paySandbox, startedDemand } = workshopSpec();
  const target = new PrivatePostgres();
  const dir = mkdtempSync(join(tmpdir(), 'tt-backup-'));
  let restored: ChildProcess | undefined;
  const cliEnv = (databaseUrl: string) => ({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: w.t.config.redis.url,
    JWT_SECRET: w.t.config.jwtSecret,
    SMTP_URL: w.smtpUrl,
  });

  beforeAll(() => target.start(), 60_000);
  afterAll(async () => {
    restored?.kill('SIGKILL');
    await target.destroy();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('restores orders, an invoice PDF and a lab that the buyer reads as before', async () => {
    const buyer = w.owner;
    const marker = `冷链温控方案-${randomBytes(4).toString('hex')}`;
    const solution = await createSolution(w.t, { projectName: marker, html: `<h1>${marker}</h1>` });
    const bought = await w.t.http
      .post('/api/solutions/initiate-solution-payment')
      .set(bearer(buyer))
      .send({ solutionId: solution.id })
      .expect(200);
    await paySandbox(bought.body.paymentUrl);
    const orderId = bought.body.orderId as string;
    const { demand } = await startedDemand(buyer);

    const support = await verifiedUser(w.t, w.sink, 'support');
    await w.t.db.query(`UPDATE users SET role = 'support' WHERE id = $1`, [support.session.user.id]);
    const { body: request } = await w.t.http
      .post(`/api/payments/orders/${orderId}/invoice`)
      .set(bearer(buyer))
      .send({
        type: 'normal',
        title: '杭州鲜达冷链有限公司',
        taxNumber: '91350100M000100Y43',
        email: 'f@example.cn',
      })
      .expect(201);
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n%'),
      randomBytes(64 * 1024),
      Buffer.from('\ntrailer <<>>\n%%EOF\n'),
    ]);
    await w.t.http
      .post(`/api/admin/invoices/${request.id}/issue`)
      .set(bearer(support))
      .send({ invoiceNumber: '04419999', pdfBase64: pdf.toString('base64') })
      .expect(200);

    const file = join(dir, 'think_tank.dump');
    const backup = await runCli(['backup', file], cliEnv(w.t.config.databaseUrl));
    expect(backup.output).toMatch(/backed up to .* in \d+ ms/);
    expect(backup.code).toBe(0);
    expect(existsSync(`${file}.partial`)).toBe(false);

    // Into a database that does not exist yet, on another server: created, then restored.
    const restore = await runCli(['restore', file], cliEnv(target.url));
    expect(restore.output).toMatch(/created the database[\s\S]*restored .* in \d+ ms/);
    expect(restore.code).toBe(0);
    // A second restore would mix two databases: refused, nothing touched.
    const again = await runCli(['restore', file], cliEnv(target.url));
    expect(again.output).toMatch(/already has \d+ tables: restore into a new, empty database/);
    expect(again.code).toBe(1);

    const spawned = await spawnApi(w.t, {
      DATABASE_URL: target.url,
      REDIS_PREFIX: `${w.t.config.redisPrefix}_restored`,
    });
    restored = spawned.api;
    const get = (path: string) =>
      fetch(`${spawned.base}${path}`, { headers: { authorization: `Bearer ${buyer.session.access_token}` } });

    // The same session: its user, token version and refresh family came back with the rows.
    const view = await get(`/api/solutions/${solution.id}/view`);
    expect(view.status).toBe(200);
    expect(await view.text()).toContain(marker);
    const orders = (await (await get('/api/payments/orders')).json()) as {
      items: { id: string; status: string }[];
    };
    expect(orders.items).toContainEqual(expect.objectContaining({ id: orderId, status: 'paid' }));
    const invoice = await get(`/api/payments/orders/${orderId}/invoice/pdf`);
    expect(invoice.status).toBe(200);
    expect(sha256(Buffer.from(await invoice.arrayBuffer()))).toBe(sha256(pdf));

    const ticket = await call(
      spawned.base,
      '/api/demand-store/lab-ticket',
      json(
        { labName: demand.labName, path: 'indexp.html' },
        { authorization: `Bearer ${buyer.session.access_token}` },
      ),
    );
    expect(ticket.status).toBe(201);
    const lab = await fetch(`${spawned.base}${ticket.body.url}`);
    expect(lab.status).toBe(200);
    expect(await lab.text()).toContain(demand.name);
  }, 120_000);
});
