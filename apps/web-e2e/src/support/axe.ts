import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { eachRoute } from './routes';

/** Every violation axe finds on the page, of any impact, as lines that say where. */
export async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
    ),
  );
}

/** What axe finds on each route, leaving out the routes where it finds nothing. */
export async function audit(context: BrowserContext, routes: string[]): Promise<Record<string, string[]>> {
  const report: Record<string, string[]> = {};
  await eachRoute(context, routes, async (page, route) => {
    const found = await violations(page);
    if (found.length) report[route] = found;
  });
  return report;
}
