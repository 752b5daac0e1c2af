import { request } from 'node:http';
import { EdgeProxy } from './support/edge-proxy';
import { startTestApp, type TestApp } from './support/test-app';

/** A failed login through the edge from `from` (a loopback address), with an X-Forwarded-For it may forge. */
function login(port: number, from: string, forged?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ username: `nobody-${Math.random()}`, password: 'Wr0ng!pass' });
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/auth/login',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forged && { 'x-forwarded-for': forged }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Contract §12 "Limits that protect other customers": behind the edge, two clients are two addresses, so one
 * client's failures (30 per address per 15 minutes) never lock the other out, whatever X-Forwarded-For it sends.
 */
describe.each([
  // The proxy in front, by count: what the manifests set (the API's only peer is the edge).
  ['1', false],
  // A whole range believed (the manifests' old /8): a forged header walks past the edge and takes another's address.
  ['127.0.0.0/8', true],
])('the client address behind the edge, TRUST_PROXY=%s', (trustProxy, forgeable) => {
  let t: TestApp;
  const edge = new EdgeProxy();
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: trustProxy });
    await t.app.listen(0, '127.0.0.1');
    await edge.start((t.app.getHttpServer().address() as { port: number }).port);
  });
  afterAll(async () => {
    await edge.stop();
    await t.close();
  });

  it(`gives two clients two budgets${forgeable ? ', unless one forges the header' : ', forged headers or not'}`, async () => {
    // Client A fails 30 times, claiming to be B each time.
    for (let i = 0; i < 30; i++) expect(await login(edge.port, '127.0.0.2', '127.0.0.3')).toBe(401);
    const a = await login(edge.port, '127.0.0.2');
    const b = await login(edge.port, '127.0.0.3');
    if (forgeable) {
      // A's failures were counted as B's: B, who did nothing, is locked out, and A is not.
      expect([a, b]).toEqual([401, 429]);
    } else {
      expect([a, b]).toEqual([429, 401]);
    }
  });
});
