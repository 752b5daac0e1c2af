import { startTestApp, type TestApp } from './support/test-app';

const PATH = '/.well-known/apple-developer-merchantid-domain-association';

/** Contract §11 "Ways to pay": Apple Pay's domain verification file, served when configured. */
describe('Apple Pay’s domain association', () => {
  let configured: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    configured = await startTestApp({ APPLE_PAY_DOMAIN_ASSOCIATION: '7B227073704964223A2239373943394538' });
    plain = await startTestApp();
  });
  afterAll(async () => {
    await configured.close();
    await plain.close();
  });

  it('serves the file as configured, and nothing when it is not', async () => {
    const res = await configured.http.get(PATH).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('7B227073704964223A2239373943394538');
    await plain.http.get(PATH).expect(404);
  });
});
