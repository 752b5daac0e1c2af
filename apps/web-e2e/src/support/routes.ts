import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { call, createSolutionAsAdmin, newVerifiedUser, paidDemand } from './api';

/** What the route-by-route checks (axe, the phone width, the focus ring) need to open every screen with content. */
export interface RouteFixtures {
  solutionId: string;
  demandId: string;
  user: Awaited<ReturnType<typeof newVerifiedUser>>;
}

/**
 * A solution in the library, and a user who starred it and whose demand has its start-up paid: every route has
 * something to show.
 */
export async function routeFixtures(prefix: string): Promise<RouteFixtures> {
  const solutionId = await createSolutionAsAdmin({
    projectName: `逐页检查方案 ${prefix}`,
    projectRequirements: '读屏可用',
    projectRequirementsDetails: '对比度与地标',
    html: '<h1>无障碍</h1><p>正文</p>',
  });
  const user = await newVerifiedUser(prefix);
  await call('PUT', `/api/solutions/${solutionId}/favourite`, undefined, user.access_token);
  const demandId = await paidDemand(user, {
    name: `逐页检查需求 ${prefix}`,
    content: '连锁零售门店库存周转慢，缺货和积压并存，希望用销量预测和智能补货降低库存成本。',
    keyValuePoints: '库存周转天数从45天降到30天，缺货率降低一半，补货人工减少80%。',
  });
  return { solutionId, demandId, user };
}

/** Every route a visitor can open. */
export const signedOutRoutes = ({ solutionId }: RouteFixtures) => [
  '/',
  // With its terms, the home page also offers the order; with an industry that has none, its way back.
  `/?q=${encodeURIComponent('冷链')}&industry=catering&sort=newest`,
  '/login',
  '/register',
  '/forgot-password',
  '/contact',
  `/solutions/${solutionId}/view`,
  '/no-such-page',
];

/** Every route of a signed-in customer. */
export const signedInRoutes = ({ solutionId, demandId }: RouteFixtures) => [
  '/',
  '/profile',
  '/profile/orders',
  '/profile/vip-application',
  '/subscription',
  '/subscription-management',
  '/requirements',
  '/demand-list',
  `/demand-store/${demandId}`,
  `/solutions/${solutionId}/view`,
];

/** Opens a route and waits for its content (not the spinner) and for its requests to settle. */
export async function openRoute(page: Page, route: string): Promise<void> {
  await page.goto(`${inject('baseUrl')}${route}`);
  await page.locator('main h1, main [role="status"]').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** Opens each route in turn on one page of the context and asks `check` about it. */
export async function eachRoute(
  context: BrowserContext,
  routes: string[],
  check: (page: Page, route: string) => Promise<void>,
): Promise<void> {
  const page = await context.newPage();
  for (const route of routes) {
    await openRoute(page, route);
    await check(page, route);
  }
  await page.close();
}
