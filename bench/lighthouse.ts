/**
 * Lighthouse (the npm package, driving Debian's Chromium through puppeteer as its documentation does) on the
 * first screens, with its mobile and desktop settings: simulated slow 4G and a 4× slower CPU on mobile.
 * Each page is measured three times on a cold cache and the run with the median performance score is kept.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

export { version as LIGHTHOUSE_VERSION } from 'lighthouse/package.json';

export const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100, bestPractices: 95, cls: 0.05 };

export interface LighthousePage {
  name: string;
  path: string;
  /** Measured with a session in the browser's storage, as a signed-in user opens it. */
  signedIn: boolean;
}

/** What the web app keeps in localStorage once signed in (customer-area §3). */
export interface StoredSession {
  token: string;
  refresh_token: string;
  username: string;
  userRole: string;
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
  fcp: string;
  lcp: string;
  tbt: string;
  /**
   * What went wrong on the page: errors it logged, or a largest paint in the navigation bar, which index.html draws
   * before the app starts. An app that failed to start would otherwise score well, showing nothing.
   */
  problems: string[];
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// BENCH_LIGHTHOUSE_REPORTS=<dir>: each run's whole report (JSON) is kept there, to read what made a score.
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const RUNS = 3;
// The machine's network is closed: Chromium's own background calls would only fail and add noise. The
// browser speaks Chinese, as the product's first audience does (an English one also fetches its texts).
const FLAGS = [
  '--accept-lang=zh-CN',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// Lighthouse is ESM only; this project (CommonJS) loads it with import(), which module node16 keeps as is.
const loadLighthouse = async () => {
  const [{ default: lighthouse }, { default: desktop }] = await Promise.all([
    import('lighthouse'),
    import('lighthouse/core/config/desktop-config.js'),
  ]);
  return { lighthouse, desktop };
};

async function once(
  { lighthouse, desktop }: Awaited<ReturnType<typeof loadLighthouse>>,
  browser: Browser,
  url: string,
  preset: 'mobile' | 'desktop',
  stored: StoredSession | null,
): Promise<Scores> {
  const page = await browser.newPage();
  try {
    // The session goes into this origin's storage first; Lighthouse is told to keep storage, so the cache is
    // emptied here instead: every run is a first visit.
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate((s) => {
      localStorage.clear();
      if (s) for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }, stored);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      url,
      {
        disableStorageReset: true,
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      preset === 'desktop' ? desktop : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
      writeFileSync(join(REPORTS, name), JSON.stringify(result.lhr));
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      cls: audits['cumulative-layout-shift'].numericValue ?? 0,
      fcp: audits['first-contentful-paint'].displayValue ?? '',
      lcp: audits['largest-contentful-paint'].displayValue ?? '',
      tbt: audits['total-blocking-time'].displayValue ?? '',
      problems: [
        ...((audits['errors-in-console'].details as { items?: { description: string }[] })?.items ?? []).map(
          (item) => `it logged ${item.description.split('\n')[0]}`,
        ),
        ...(lcpSelector(audits).includes('navbar')
          ? ['its largest paint is the frame alone (the app did not start)']
          : []),
      ],
    };
  } finally {
    await page.close();
  }
}

/** The CSS selector of the largest paint's element, as Lighthouse reports it. */
function lcpSelector(audits: Record<string, { details?: unknown }>): string {
  const tables = (audits['largest-contentful-paint-element'].details as { items?: { items?: unknown[] }[] })
    ?.items;
  const row = tables?.[0]?.items?.[0] as { node?: { selector?: string } } | undefined;
  return row?.node?.selector ?? '';
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is made again, up to twice. */
async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++)
    try {
      return await run();
    } catch (err) {
      if (i >= attempts) throw err;
      console.error(`${err instanceof Error ? err.message : err}; again`);
    }
}

/** Table rows and the budgets' verdicts (FAIL lines), one row per page and setting. */
export async function lighthouseReport(
  origin: string,
  pages: LighthousePage[],
  stored: StoredSession,
): Promise<{ rows: string[]; verdicts: string[] }> {
  const lighthouse = await loadLighthouse();
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const rows: string[] = [];
  const verdicts: string[] = [];
  try {
    for (const p of pages)
      for (const preset of ['mobile', 'desktop'] as const) {
        const runs: Scores[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(
            await retried(() =>
              once(lighthouse, browser, `${origin}${p.path}`, preset, p.signedIn ? stored : null),
            ),
          );
        const s = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(RUNS / 2)];
        rows.push(
          `| ${p.name} | ${preset} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.cls.toFixed(3)} | ${s.fcp} | ${s.lcp} | ${s.tbt} |`,
        );
        console.log(rows[rows.length - 1]);
        const where = `Lighthouse ${p.name} (${preset})`;
        const b = LIGHTHOUSE_BUDGET;
        if (s.performance < b.performance)
          verdicts.push(`FAIL ${where}: performance ${s.performance} < ${b.performance}`);
        if (s.accessibility < b.accessibility)
          verdicts.push(`FAIL ${where}: accessibility ${s.accessibility} < ${b.accessibility}`);
        if (s.bestPractices < b.bestPractices)
          verdicts.push(`FAIL ${where}: best practices ${s.bestPractices} < ${b.bestPractices}`);
        if (s.cls >= b.cls) verdicts.push(`FAIL ${where}: CLS ${s.cls.toFixed(3)} ≥ ${b.cls}`);
        const problems = runs.flatMap((run) => run.problems);
        if (problems.length) verdicts.push(`FAIL ${where}: ${problems[0]}`);
      }
  } finally {
    await browser.close();
  }
  return { rows, verdicts };
}
