import type { SessionResponse } from '@think-tank/contracts';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bearer, newAccount } from './support/accounts';
import { appWithMailSink, startTestApp, type TestApp } from './support/test-app';

/** The terms and the privacy policy: their texts and versions, and who accepted which (contract §11). */
let t: TestApp;
const sink = appWithMailSink((app) => (t = app));

/** Registers with the given body extras and verifies: the session. */
async function registered(extra: Record<string, unknown>): Promise<SessionResponse> {
  const account = newAccount('terms');
  await t.http
    .post('/api/auth/register')
    .send({ ...account, ...extra })
    .expect(201);
  return (
    await t.http
      .post('/api/auth/verify-email')
      .send({ email: account.email, code: await sink.code(account.email) })
      .expect(200)
  ).body as SessionResponse;
}
const me = async (session: SessionResponse) =>
  (await t.http.get('/api/auth/me').set(bearer({ session })).expect(200)).body;

describe('the texts (GET /api/site/legal, /api/site/legal/:document)', () => {
  it('serves each document with its version in the reader’s language; nothing else', async () => {
    const versions = (await t.http.get('/api/site/legal').expect(200)).body;
    expect(versions).toEqual({ terms: '2026-11-27', privacy: '2026-11-27' });
    const zh = (await t.http.get('/api/site/legal/terms').set('Accept-Language', 'zh-CN').expect(200)).body;
    expect(zh).toMatchObject({ document: 'terms', version: '2026-11-27' });
    expect(zh.text).toMatch(/^# 智库服务条款/);
    const en = await t.http.get('/api/site/legal/privacy').set('Accept-Language', 'en-US').expect(200);
    expect(en.body.text).toMatch(/^# 智库 Privacy Policy/);
    expect(en.headers['cache-control']).toBe('public, max-age=300');
    expect(en.headers.vary).toMatch(/accept-language/i);
    await t.http.get('/api/site/legal/cookies').expect(404);
    await t.http.get('/api/site/legal/..%2F..%2Fpackage.json').expect(404);
  });
});

describe('accepting them', () => {
  it('records the versions in force at registration when the box is ticked, and refuses it unticked', async () => {
    const session = await registered({ acceptedTerms: true });
    expect((await me(session)).termsToAccept).toBe(false);
    const [row] = await t.db.query(
      `SELECT "termsVersion", "privacyVersion", "termsAcceptedAt" IS NOT NULL AS "at" FROM users WHERE id = $1`,
      [session.user.id],
    );
    expect(row).toEqual({ termsVersion: '2026-11-27', privacyVersion: '2026-11-27', at: true });

    const refused = await t.http
      .post('/api/auth/register')
      .set('Accept-Language', 'zh-CN')
      .send({ ...newAccount('unticked'), acceptedTerms: false })
      .expect(400);
    expect(refused.body.details).toEqual([
      { field: 'acceptedTerms', message: '请阅读并同意服务条款和隐私政策' },
    ]);
  });

  it('asks an account that accepted nothing (a client without the box, a provider sign-up), until it accepts', async () => {
    const session = await registered({});
    expect((await me(session)).termsToAccept).toBe(true);
    const accept = (body: object) =>
      t.http.post('/api/auth/accept-terms').set(bearer({ session })).send(body);
    expect(
      (await accept({ termsVersion: '2020-01-01', privacyVersion: '2026-11-27' }).expect(409)).body.code,
    ).toBe('CONFLICT');
    await accept({ termsVersion: '2026-11-27' }).expect(400);
    await accept({ termsVersion: '2026-11-27', privacyVersion: '2026-11-27' }).expect(204);
    expect((await me(session)).termsToAccept).toBe(false);
    await t.http
      .post('/api/auth/accept-terms')
      .send({ termsVersion: '2026-11-27', privacyVersion: '2026-11-27' })
      .expect(401);
  });

  it('asks again when a version changes (a replica started with the new texts)', async () => {
    const session = await registered({ acceptedTerms: true });
    const dir = mkdtempSync(join(tmpdir(), 'tt-legal-'));
    cpSync(resolve(__dirname, '../legal'), dir, { recursive: true });
    writeFileSync(join(dir, 'versions.json'), JSON.stringify({ terms: '2026-11-27', privacy: '2027-01-01' }));
    const updated = await startTestApp({ LEGAL_DIR: dir }, t);
    try {
      const asked = await updated.http.get('/api/auth/me').set(bearer({ session })).expect(200);
      expect(asked.body.termsToAccept).toBe(true);
      await updated.http
        .post('/api/auth/accept-terms')
        .set(bearer({ session }))
        .send({ termsVersion: '2026-11-27', privacyVersion: '2027-01-01' })
        .expect(204);
      expect(
        (await updated.http.get('/api/auth/me').set(bearer({ session })).expect(200)).body.termsToAccept,
      ).toBe(false);
    } finally {
      await updated.close();
    }
  });
});
