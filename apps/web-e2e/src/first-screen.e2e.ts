import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newVerifiedUser, paidDemand, startedDemand } from './support/api';
import { launchChromium, signedInPage, unsignedAccessToken } from './support/browser';

const baseUrl = inject('baseUrl');

/** How long a request is held when nothing is awaited alongside it. */
const HELD_MS = 800;
/** How long a request is held at most while the requests expected alongside it have not started. */
const HOLD_CAP_MS = 10_000;

/** A paid demand whose Startup has run: its page stays put (a completion would rightly make it fetch the demand again). */
async function startedPaidDemand(user: Awaited<ReturnType<typeof newVerifiedUser>>, name: string) {
  const id = await paidDemand(user, {
    name,
    content: '连锁门店的库存周转慢，希望用销量预测改进补货，减少缺货与积压，降低库存成本。',
    keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半。',
  });
  return startedDemand(user, id);
}

/**
 * Holds one request back (a screen's chunk, or its data) and notes when each request starts: what a first visit
 * asks for alongside it starts while it is held; what waits for it, after it. It is held until every request in
 * `alongside` has been answered (a slow chunk, fast data: the screen then renders with its data, never a spinner),
 * HOLD_CAP_MS at most (a page that asks for one only once the held one arrived is then released, and asks after
 * it), or HELD_MS when none is awaited. Not a fixed time for all: a busy machine's browser and API may take longer
 * than that to start and answer the requests sent together.
 */
async function holdBack(page: Page, held: RegExp, alongside: RegExp[] = []) {
  const started = new Map<string, number>();
  let released = Infinity;
  const answered = new Set<string>();
  const answeredAll = () => alongside.every((path) => [...answered].some((p) => path.test(p)));
  // Settles when the last request expected alongside has its answer (at once when none is expected).
  let allAnswered: () => void = () => undefined;
  const alongsideAnswered = new Promise<void>((resolve) => (allAnswered = resolve));
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (!started.has(path)) started.set(path, Date.now());
  });
  page.on('requestfinished', (r) => {
    answered.add(new URL(r.url()).pathname);
    if (alongside.length && answeredAll()) allAnswered();
  });
  await page.route(held, async (route) => {
    // The cap, or (nothing awaited) the hold that what waits for this request must outlast.
    const cap = new Promise((r) => setTimeout(r, alongside.length ? HOLD_CAP_MS : HELD_MS));
    await Promise.race(alongside.length ? [alongsideAnswered, cap] : [cap]);
    released = Date.now();
    await route.continue();
  });
  // Whether a loading state was ever shown (a spinner standing in for the screen or its data; not the small one
  // beside results being refreshed): a first visit renders the screen at once, with its data.
  await page.addInitScript(() => {
    const w = window as unknown as { spinnerSeen: boolean };
    w.spinnerSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.spinner-border:not(.spinner-border-sm)')) w.spinnerSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    // Before the release: a request expected alongside is answered, hence started, before the held one goes on.
    startedBeforeRelease: (path: RegExp) =>
      [...started].some(([p, at]) => path.test(p) && at <= released) ? 'while it was held' : 'after it',
    spinnerSeen: () => page.evaluate(() => (window as unknown as { spinnerSeen: boolean }).spinnerSeen),
  };
}

describe('a first visit asks for the screen’s code, texts and data at once', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it('fetches the plans and the billing texts while the plans page’s code is still on its way', async () => {
    const user = await newVerifiedUser('first');
    const { context, page } = await signedInPage(browser, user);
    const held = await holdBack(page, /SubscriptionPlansPage-[\w-]+\.js$/, [
      /^\/api\/users\/subscriptions\/plans$/,
      /\/assets\/billing-[\w-]+\.js$/,
    ]);
    await page.goto(`${baseUrl}/subscription`);
    await page.getByRole('heading', { name: '选择您的订阅套餐' }).waitFor();
    expect(held.startedBeforeRelease(/^\/api\/users\/subscriptions\/plans$/)).toBe('while it was held');
    expect(held.startedBeforeRelease(/\/assets\/billing-[\w-]+\.js$/)).toBe('while it was held');
    expect(await held.spinnerSeen()).toBe(false);
    await context.close();
  });

  it('loads the bell and the account menu only once the screen has its data', async () => {
    const user = await newVerifiedUser('chrome');
    const { context, page } = await signedInPage(browser, user);
    const held = await holdBack(page, /\/api\/users\/subscriptions\/plans$/);
    await page.goto(`${baseUrl}/subscription`);
    await page.getByRole('button', { name: /消息通知/ }).waitFor();
    expect(held.startedBeforeRelease(/NotificationBell-[\w-]+\.js$/)).toBe('after it');
    await context.close();
  });

  it('fetches the first results on the home page with its code, for the query in the address', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    const held = await holdBack(page, /HomePage-[\w-]+\.js$/, [/^\/api\/solutions\/search$/]);
    const searches: string[] = [];
    page.on('request', (r) => r.url().includes('/api/solutions/search') && searches.push(r.url()));
    await page.goto(`${baseUrl}/?q=${encodeURIComponent('库存')}&page=1`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(held.startedBeforeRelease(/^\/api\/solutions\/search$/)).toBe('while it was held');
    // Asked for once: the page's own hook took the answer fetched early.
    await page.waitForLoadState('networkidle');
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]).searchParams.get('query')).toBe('库存');
    expect(await held.spinnerSeen()).toBe(false);
    await page.close();
  });

  it('asks for a demand before the module that caches it has arrived, and only once', async () => {
    const user = await newVerifiedUser('early');
    const id = await startedPaidDemand(user, '先到的需求');
    const { context, page } = await signedInPage(browser, user);
    const held = await holdBack(page, /workshop-api-[\w-]+\.js$/, [new RegExp(`^/api/demand-store/${id}$`)]);
    const asked: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === `/api/demand-store/${id}` && asked.push(r.url()));
    await page.goto(`${baseUrl}/demand-store/${id}`);
    await page.getByRole('heading', { name: '先到的需求' }).waitFor();
    expect(held.startedBeforeRelease(new RegExp(`^/api/demand-store/${id}$`))).toBe('while it was held');
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
    await context.close();
  });

  it('asks for a demand’s stored events with the demand, before its page’s code has arrived', async () => {
    const user = await newVerifiedUser('events');
    const id = await startedPaidDemand(user, '带进度的需求');
    const { context, page } = await signedInPage(browser, user);
    const held = await holdBack(page, /DemandDetailPage-[\w-]+\.js$/, [
      new RegExp(`^/api/demand-store/${id}/events$`),
    ]);
    const fromStart: string[] = [];
    page.on(
      'request',
      (r) => r.url().endsWith(`/api/demand-store/${id}/events?after=0`) && fromStart.push(r.url()),
    );
    await page.goto(`${baseUrl}/demand-store/${id}`);
    await page.getByRole('heading', { name: '带进度的需求' }).waitFor();
    expect(held.startedBeforeRelease(new RegExp(`^/api/demand-store/${id}/events$`))).toBe(
      'while it was held',
    );
    // The live panel shows the stored history taken from that early answer.
    await page
      .getByText(/启动阶段/)
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(fromStart).toHaveLength(1);
    await context.close();
  });

  it('leaves a signed-in screen’s data alone while the token is expired: the login guard refreshes it first', async () => {
    const user = await newVerifiedUser('stale');
    const { context, page } = await signedInPage(browser, {
      ...user,
      access_token: unsignedAccessToken(-60),
    });
    const plans: number[] = [];
    const refreshes: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/subscriptions/plans')) plans.push(Date.now());
      if (r.url().endsWith('/api/auth/refresh')) refreshes.push(Date.now());
    });
    await page.goto(`${baseUrl}/subscription`);
    await page.getByRole('heading', { name: '选择您的订阅套餐' }).waitFor();
    expect(refreshes).toHaveLength(1);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans[0]).toBeGreaterThanOrEqual(refreshes[0]);
    await context.close();
  });
});
