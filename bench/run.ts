/**
 * npm run bench: seeds a bench database with synthetic solutions (once), starts the API and the baseline,
 * and measures search and view with autocannon, each beside the baseline in the same run; then sockets, the
 * view in the unpinned layout, and Lighthouse on the web app's first screens.
 * BENCH_SOLUTIONS (100000), BENCH_SECONDS (5, per run; three runs each), BENCH_CONNECTIONS (10), BENCH_DATABASE_URL,
 * BENCH_PROFILE (a folder: the API writes its CPU profiles there), BENCH_LIGHTHOUSE_REPORTS (a folder: Lighthouse's
 * whole reports), BENCH_ONLY=lighthouse (Lighthouse alone, to work on the web app; bench/results.md is left as is),
 * BENCH_LIGHTHOUSE_PAGES (with BENCH_ONLY=lighthouse: only these of its pages, by name, comma-separated).
 */
import 'reflect-metadata';
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { machine } from './machine';
import * as jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../apps/api/src/core/database/data-source-options';
import { ensureDatabase } from '../apps/api/src/core/database/ensure-database';
import { unreachableServices } from '../apps/api/src/core/database/reachability';
import { buildVocabulary, ENGLISH_WORDS, type Vocabulary } from './corpus';
import { LIGHTHOUSE_BUDGET, LIGHTHOUSE_VERSION, lighthouseReport, type LighthousePage } from './lighthouse';
import { seed } from './seed';
import type { LegalVersions, SearchSort } from '@think-tank/contracts';

const N = Number(process.env.BENCH_SOLUTIONS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LIGHTHOUSE_ONLY = process.env.BENCH_ONLY === 'lighthouse';
/**
 * BENCH_ONLY=http: the searches and the view alone (a larger library changes nothing else); written to its size's
 * section unless a whole run's is there.
 */
const HTTP_ONLY = process.env.BENCH_ONLY === 'http';
/**
 * BENCH_ROWS=<text>: only the scenarios whose name holds the text (`view`, `by its words`), printed and not written;
 * with BENCH_PROFILE, the profile of those alone.
 */
const ROWS = process.env.BENCH_ROWS;
// v2: the corpus with real English words (a database of the old corpus is left alone, not reused).
// One database per library size: a million is not the 100,000 with more appended.
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/think_tank_bench_v2${N === 100_000 ? '' : `_${N}`}`;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Compiled to dist/bench/bench/run.js: the repository is three levels up.
const ROOT = resolve(__dirname, '../../..');
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-keys';

interface Scenario {
  name: string;
  api: string;
  baseline: string;
  /** Budget of p99 in ms (searches only). */
  budgetP99?: number;
  /** The least share of the baseline's throughput (0.6 unless said). */
  budgetRatio?: number;
  /** Sent to both servers (the baseline reads the view's token). */
  headers: Record<string, string>;
}

async function scenarios(
  db: DataSource,
  vocabulary: Vocabulary,
  viewId: string,
  tokens: { admin: string; reader: string },
): Promise<{ searches: Scenario[]; view: Scenario }> {
  const count = async (term: string) =>
    Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM (SELECT 1 FROM solution_search s WHERE strpos(s.text, $1) > 0 LIMIT 1001) x`,
          [term],
        )
      )[0].n,
    );
  const words = vocabulary.words;
  const rankOf = (w: string) => words.indexOf(w);
  const pick = (test: (w: string) => boolean, from: number) => words.slice(from).find(test)!;
  // Single characters: the rarest and the most common of the library.
  const charCounts = await db.query(
    `SELECT c, count(*)::int AS n FROM (SELECT unnest(grams) AS c FROM solution_search TABLESAMPLE SYSTEM (2)) g WHERE length(c) = 1 AND c ~ '[一-龥]' GROUP BY c ORDER BY n`,
  );
  const rareChar = charCounts[0].c as string;
  const commonChar = charCounts[charCounts.length - 1].c as string;
  const rare2 = pick((w) => !/[a-z]/.test(w) && Array.from(w).length === 2, 2000);
  const rare3 = pick((w) => !/[a-z]/.test(w) && Array.from(w).length === 3, 2000);
  const common2 = pick((w) => !/[a-z]/.test(w) && Array.from(w).length === 2, 0);
  const common3 = pick((w) => !/[a-z]/.test(w) && Array.from(w).length >= 3, 0);
  const latin = pick((w) => /[a-z]/.test(w), 1500);
  const commonLatin = pick((w) => /[a-z]/.test(w), 0);
  const andPair = [pick((w) => !/[a-z]/.test(w), 300), pick((w) => !/[a-z]/.test(w), 400)];
  // The most common real English word, which the glossary translates (erp → 企业资源计划), alone and with Chinese.
  const english = ENGLISH_WORDS[0];
  const englishAnd = `${english} ${pick((w) => !/[a-z]/.test(w), 50)}`;
  // Budgets of p99: 25 ms, 100 ms for the 50 most frequent terms [top 50], 50 ms for common English terms.
  const RARE = 25;
  const TOP50 = 100;
  const ENGLISH = 50;
  const WORDS = 50;
  // Five of the library's words at ranks from common to rare, joined as a visitor writes, with function words.
  const chinese = (from: number) => pick((w) => !/[a-z]/.test(w) && Array.from(w).length === 2, from);
  const sentence = `${chinese(200)}老是${chinese(600)}怎么${chinese(1200)}和${chinese(2400)}太慢了${chinese(4800)}`;
  const searches: [string, string, number, string?, SearchSort?][] = [
    [`1 character, rare (${rareChar})`, rareChar, (await count(rareChar)) > 1000 ? TOP50 : RARE],
    [`1 character, most common (${commonChar})`, commonChar, TOP50],
    [`2 characters, rank ${rankOf(rare2)} (${rare2})`, rare2, RARE],
    [`3 characters, rank ${rankOf(rare3)} (${rare3})`, rare3, RARE],
    [`two terms AND (${andPair.join(' ')})`, andPair.join(' '), RARE],
    [`Latin, rank ${rankOf(latin)} (${latin})`, latin, RARE],
    [`2 characters, rank ${rankOf(common2)} (${common2})`, common2, TOP50],
    [`3+ characters, rank ${rankOf(common3)} (${common3})`, common3, TOP50],
    [`Latin, rank ${rankOf(commonLatin)} (${commonLatin})`, commonLatin, TOP50],
    [`English, common, with a translation, rank ${rankOf(english)} (${english})`, english, ENGLISH],
    [`English + Chinese AND (${englishAnd})`, englishAnd, ENGLISH],
    // An industry filter (categories): a rare term in one of 12 industries, and one industry's newest.
    [`2 characters, rank ${rankOf(rare2)}, one industry (${rare2}; retail)`, rare2, RARE, 'retail'],
    ['blank query, one industry (retail)', '', RARE, 'retail'],
    // The relevance order (sort=relevance), which ranks the counted matches on their text: a rare term, two terms,
    // a common one in one industry, and one too common to count (newest first then).
    [`2 characters, rank ${rankOf(rare2)}, by relevance (${rare2})`, rare2, RARE, '', 'relevance'],
    [`two terms AND, by relevance (${andPair.join(' ')})`, andPair.join(' '), RARE, '', 'relevance'],
    [
      `2 characters, rank ${rankOf(common2)}, one industry, by relevance (${common2}; retail)`,
      common2,
      TOP50,
      'retail',
      'relevance',
    ],
    [`1 character, most common, by relevance (${commonChar})`, commonChar, TOP50, '', 'relevance'],
    // A visitor's sentence that no solution holds whole, read by its 5 words (contract §12): p99 ≤ 50 ms.
    [`a sentence of 5 words, read by its words (${sentence})`, sentence, WORDS, '', 'relevance'],
  ];
  return {
    searches: searches.map(([name, q, budgetP99, categories, sort]) => {
      const params = `query=${encodeURIComponent(q)}${categories ? `&categories=${categories}` : ''}${sort ? `&sort=${sort}` : ''}`;
      return {
        name: `search: ${name}${budgetP99 === TOP50 ? ' [top 50]' : ''}`,
        api: `/api/solutions/search?${params}`,
        baseline: `/search?${params}`,
        budgetP99,
        headers: { authorization: `Bearer ${tokens.admin}` },
      };
    }),
    // The paid view: ≥ 75 % of the baseline, which makes the same checks, so that a feature on its path shows here.
    view: {
      name: 'view, a paying reader (every paywall rule)',
      api: `/api/solutions/${viewId}/view`,
      baseline: `/view/${viewId}`,
      budgetRatio: 0.75,
      headers: { authorization: `Bearer ${tokens.reader}` },
    },
  };
}

const children: ChildProcess[] = [];
// However the run ends, the servers it started end with it.
process.on('exit', () => children.forEach((c) => c.kill('SIGTERM')));

/** Moves this process (the load generator) to the given cores; false where taskset is missing. */
function pinSelf(cores: string): boolean {
  try {
    execFileSync('taskset', ['-cp', cores, String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The two layouts of issue 22. Pinned, as in performance-notes.md: the server under test alone on core 0, the
 * load generator (this process) on core 1, PostgreSQL left to the scheduler; both servers get the same.
 * Unpinned, as under `npm start` or in a pod: the API, its worker, PostgreSQL, Redis and the load generator
 * share both cores.
 */
type Layout = 'pinned' | 'unpinned';

/** A server of the bench, its standard output (the request log, in production's JSON) written to a file. */
function start(name: string, script: string, env: Record<string, string>, layout: Layout): ChildProcess {
  // BENCH_PROFILE=<dir>: the API writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile =
    name === 'api' && process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const node = [...profile, script];
  // taskset execs node in place, so the child's pid is the server's.
  const [command, args] =
    layout === 'pinned' ? ['taskset', ['-c', '0', process.execPath, ...node]] : [process.execPath, node];
  mkdirSync(LOGS, { recursive: true });
  const log = openSync(resolve(LOGS, `${name}-${layout}.log`), 'w');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', log, 'inherit'] });
  closeSync(log);
  children.push(child);
  return child;
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

const API_PORT = '3901';
const BASE_PORT = '3902';
const API_URL = `http://127.0.0.1:${API_PORT}`;
const BASE_URL = `http://127.0.0.1:${BASE_PORT}`;
const LOGS = resolve(ROOT, 'dist/bench/logs');

/** The API (and, unpinned, its worker) as production runs them, and the baseline; stop() ends them all. */
async function startServers(layout: Layout): Promise<{ stop: () => Promise<void> }> {
  const apiEnv = {
    PORT: API_PORT,
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: 'think_tank_bench',
    JWT_SECRET,
    // Production's settings: a log line per request, at info, as JSON to a file.
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    // Required in production; nothing the bench calls sends mail.
    SMTP_URL: 'smtp://127.0.0.1:25',
    PUBLIC_URL: API_URL,
    // The built web app, for Lighthouse.
    WEB_DIST: resolve(ROOT, 'dist/apps/web'),
  };
  const servers = [
    start('api', resolve(ROOT, 'dist/apps/api/main.js'), apiEnv, layout),
    start(
      'baseline',
      resolve(__dirname, 'baseline.js'),
      { PORT: BASE_PORT, DATABASE_URL, REDIS_URL, JWT_SECRET },
      layout,
    ),
  ];
  if (layout === 'unpinned')
    servers.push(start('worker', resolve(ROOT, 'dist/apps/api/worker.js'), { ...apiEnv, PORT: '0' }, layout));
  await waitReady(`${API_URL}/api/health/ready`);
  await waitReady(`${BASE_URL}/search?query=`);
  return {
    stop: async () => {
      await Promise.all(
        servers.map(
          (c) =>
            new Promise((done) =>
              c.exitCode !== null ? done(null) : (c.once('exit', done), c.kill('SIGTERM')),
            ),
        ),
      );
    },
  };
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Run = Awaited<ReturnType<typeof autocannon>>;
const load = (url: string, headers: Record<string, string>, duration: number): Promise<Run> =>
  autocannon({ url, connections: CONNECTIONS, duration, headers });

/** The median of each figure over the runs, as performance-notes.md measured: one noisy run does not decide. */
const summary = (runs: Run[]): Measure => ({
  rps: median(runs.map((r) => r.requests.average)),
  p50: median(runs.map((r) => r.latency.p50)),
  p99: median(runs.map((r) => r.latency.p99)),
  errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
});

/**
 * One scenario on the API and on the baseline: a warm-up of each, then three runs of each taken in turns, so that
 * whatever else the two cores do meanwhile (autovacuum, the worker starting) falls on both alike; its table row, and
 * a FAIL line for each budget it misses.
 */
async function compare(s: Scenario, verdicts: string[]): Promise<string> {
  const api = `${API_URL}${s.api}`;
  const baseline = `${BASE_URL}${s.baseline}`;
  await load(api, s.headers, 2);
  await load(baseline, s.headers, 2);
  const apiRuns: Run[] = [];
  const baselineRuns: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    apiRuns.push(await load(api, s.headers, SECONDS));
    baselineRuns.push(await load(baseline, s.headers, SECONDS));
  }
  const a = summary(apiRuns);
  const b = summary(baselineRuns);
  const ratio = a.rps / b.rps;
  const row = `| ${s.name} | ${a.rps.toFixed(0)} | ${a.p50} | ${a.p99} | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${(ratio * 100).toFixed(0)} % |`;
  if (a.errors) verdicts.push(`FAIL ${s.name}: ${a.errors} errors`);
  if (b.errors) verdicts.push(`FAIL ${s.name}: the baseline answered ${b.errors} errors`);
  if (s.budgetP99 !== undefined && a.p99 > s.budgetP99)
    verdicts.push(`FAIL ${s.name}: p99 ${a.p99} ms > ${s.budgetP99} ms`);
  const floor = s.budgetRatio ?? 0.6;
  if (ratio < floor)
    verdicts.push(
      `FAIL ${s.name}: ${(ratio * 100).toFixed(0)} % of the baseline's throughput < ${floor * 100} %`,
    );
  console.log(row);
  return row;
}

const sign = (sub: string, role: string) =>
  jwt.sign({ sub, role, typ: 'access', ver: 0 }, JWT_SECRET, { algorithm: 'HS256', expiresIn: 3600 });

/** A demand of the reader's, for Lighthouse's demand page: the one it has, or a new one. */
async function readerDemand(token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${API_URL}/api/demand-store`, { headers })).json()) as {
    list?: { id: string }[];
  };
  if (list.list?.length) return list.list[0].id;
  const res = await fetch(`${API_URL}/api/demand-store/register-demand`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: '冷链配送需求',
      content: '生鲜冷链配送车辆利用率不足60%，损耗率8%，希望用线路优化和温度监控把损耗率降到4%。',
      keyValuePoints: '车辆利用率提升到80%，损耗率从8%降到4%，准时送达率达到98%以上。',
    }),
  });
  if (!res.ok) throw new Error(`registering the bench demand answered ${res.status}`);
  return ((await res.json()) as { demandId: string }).demandId;
}

async function main() {
  const problems = await unreachableServices(
    DATABASE_URL,
    { url: REDIS_URL, sentinels: [], sentinelName: 'mymaster' },
    { creatingDatabase: true },
  );
  if (problems.length) throw new Error(problems.join('\n'));
  await ensureDatabase(DATABASE_URL);
  const db = await new DataSource(dataSourceOptions(DATABASE_URL)).initialize();
  await db.runMigrations({ transaction: 'each' });
  const vocabulary = buildVocabulary();
  await seed(db, vocabulary, N);
  // A steady state, as autovacuum leaves it: a migration that rewrote every search row leaves as many dead row
  // versions, which each walk of the recency index would step over, and stale planner statistics.
  await db.query('VACUUM (ANALYZE) solutions, solution_search');

  const [admin] = await db.query(
    `INSERT INTO users (username, email, role, "emailVerifiedAt") VALUES ('bench-admin', 'bench-admin@example.cn', 'admin', now())
     ON CONFLICT (email) DO UPDATE SET role = 'admin' RETURNING id`,
  );
  // The view is measured as a paying reader reads: every paywall rule runs, the daily count included.
  const [reader] = await db.query(
    `INSERT INTO users (username, email, "isPaid", "emailVerifiedAt") VALUES ('bench-reader', 'bench-reader@example.cn', true, now())
     ON CONFLICT (email) DO UPDATE SET "isPaid" = true, role = 'Free' RETURNING id`,
  );
  const [{ id: viewId }] = await db.query('SELECT id FROM solutions ORDER BY "createdAt" DESC LIMIT 1');
  const token = sign(admin.id, 'admin');
  const readerToken = sign(reader.id, 'Free');
  const { searches, view } = await scenarios(db, vocabulary, viewId, { admin: token, reader: readerToken });
  await db.destroy();

  if (LIGHTHOUSE_ONLY) process.exit(await lighthouseAlone(readerToken));
  const verdicts: string[] = [];
  const pinned = pinSelf('1');
  let servers = await startServers(pinned ? 'pinned' : 'unpinned');
  const rows: string[] = [];
  const picked = [...searches, view].filter((s) => !ROWS || s.name.includes(ROWS));
  for (const s of picked) rows.push(await compare(s, verdicts));

  const sockets = HTTP_ONLY || ROWS ? undefined : await socketFanOut(db2(), API_URL, token, pinned);
  if (sockets && sockets.broadcastP99 > 300)
    verdicts.push(`FAIL socket broadcast to 1,000 clients: p99 ${sockets.broadcastP99} ms > 300 ms`);

  // The view again as `npm start` and a pod run it: nothing pinned, the worker beside the API.
  if (pinned && picked.includes(view)) {
    await servers.stop();
    pinSelf('0-1');
    servers = await startServers('unpinned');
    rows.push(await compare({ ...view, name: `${view.name}, unpinned` }, verdicts));
  }

  const lighthouse = HTTP_ONLY || ROWS ? undefined : await lighthouseOf(readerToken);
  verdicts.push(...(lighthouse?.verdicts ?? []));
  await servers.stop();
  if (ROWS) {
    console.log(['', ...rows, '', verdicts.length ? verdicts.join('\n') : 'All budgets hold.'].join('\n'));
    process.exit(verdicts.length ? 1 : 0);
  }
  const sizes = await librarySizes();

  const b = LIGHTHOUSE_BUDGET;
  const report = [
    `${N.toLocaleString('en')} solutions, ${CONNECTIONS} connections, medians of ${RUNS} runs of ${SECONDS} s, on ${machine()} (${new Date().toISOString().slice(0, 10)}). The API runs as in production (NODE_ENV=production, request log at info as JSON lines to a file; so does the baseline's).${pinned ? ' Rows without "unpinned": server on core 0 and load generator on core 1; "unpinned": the API, its worker, PostgreSQL and the load generator share both cores.' : ' Nothing is pinned (taskset is missing).'}`,
    'Budgets: search p99 ≤ 25 ms, ≤ 100 ms for the 50 most frequent terms [top 50], ≤ 50 ms for common English terms and for a sentence read by its words; API ≥ 60 % of the baseline’s req/s, ≥ 75 % for the view.',
    '',
    '| scenario | API req/s | API p50 ms | API p99 ms | baseline req/s | baseline p50 ms | baseline p99 ms | API / baseline |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    sizes,
    ...(sockets
      ? [
          '',
          'Sockets (budget: broadcast p99 ≤ 300 ms), 1,000 clients in a separate process on the other core:',
          '',
          '| scenario | result |',
          '|---|---|',
          ...sockets.rows,
        ]
      : []),
    ...(lighthouse
      ? [
          '',
          `Lighthouse ${LIGHTHOUSE_VERSION} in Chromium (zh-CN), the median of 3 cold loads each, the API unpinned. Budgets: performance ≥ ${b.performance}, accessibility ${b.accessibility}, best practices ≥ ${b.bestPractices}, CLS < ${b.cls}.`,
          '',
          '| page | setting | performance | accessibility | best practices | CLS | FCP | LCP | TBT |',
          '|---|---|---|---|---|---|---|---|---|',
          ...lighthouse.rows,
        ]
      : []),
    '',
    verdicts.length ? verdicts.join('\n') : 'All budgets hold.',
  ].join('\n');
  writeResults(report);
  console.log(`\n${report}`);
  process.exit(verdicts.length ? 1 : 0);
}

/** The library's tables and indexes on disk, as a line of the report. */
async function librarySizes(): Promise<string> {
  const db = await db2().initialize();
  const [row] = await db.query(
    `SELECT pg_size_pretty(pg_table_size('solutions')) AS solutions,
            pg_size_pretty(pg_table_size('solution_search')) AS search,
            pg_size_pretty(pg_relation_size('"IDX_solution_search_grams"')) AS grams,
            pg_size_pretty(pg_relation_size('"IDX_solution_search_recency"')) AS recency`,
  );
  await db.destroy();
  return `On disk: solutions ${row.solutions} (with TOAST), solution_search ${row.search}, its gram index ${row.grams}, its recency index ${row.recency}.`;
}

/** bench/results.md holds one section per library size: a run replaces its own and keeps the others. */
function writeResults(report: string): void {
  const file = resolve(ROOT, 'bench/results.md');
  const sections = new Map<number, string>(
    (existsSync(file) ? readFileSync(file, 'utf8') : '')
      .split(/^(?=## [\d,]+ solutions$)/m)
      .filter((section) => section.startsWith('## '))
      .map((section) => [Number(section.slice(3).split(' ')[0].replace(/,/g, '')), section.trimEnd()]),
  );
  // A partial run (BENCH_ONLY=http) never replaces a whole run's section (sockets and Lighthouse with it).
  if (HTTP_ONLY && sections.get(N)?.includes('\nLighthouse ')) {
    console.log(`bench/results.md keeps its whole run for ${N} solutions: this partial one is printed only`);
    return;
  }
  sections.set(N, `## ${N.toLocaleString('en')} solutions\n\n${report}`);
  const ordered = [...sections.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
  writeFileSync(file, `${ordered.join('\n\n')}\n`);
}

/**
 * The reader accepts the terms and privacy policy in force, as a user who registered has: otherwise every signed-in
 * page opens on the dialog that asks for them, and Lighthouse measured that dialog (the largest paint, 0.9 s late).
 */
async function acceptLegal(token: string): Promise<void> {
  const versions = (await (await fetch(`${API_URL}/api/site/legal`)).json()) as LegalVersions;
  const res = await fetch(`${API_URL}/api/auth/accept-terms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ termsVersion: versions.terms, privacyVersion: versions.privacy }),
  });
  if (!res.ok) throw new Error(`accepting the terms for the bench reader answered ${res.status}`);
}

/** Lighthouse on its pages, the reader signed in where a page needs it. */
const lighthouseOf = async (readerToken: string) => {
  await acceptLegal(readerToken);
  return lighthouseReport(API_URL, LIGHTHOUSE_PAGES(await readerDemand(readerToken)), {
    token: readerToken,
    // Never used: the access token outlives the run.
    refresh_token: 'bench',
    username: 'bench-reader',
    userRole: 'Free',
  });
};

/** BENCH_ONLY=lighthouse: the API unpinned and Lighthouse alone; the table is printed, not written. */
async function lighthouseAlone(readerToken: string): Promise<number> {
  const servers = await startServers('unpinned');
  try {
    const { rows, verdicts } = await lighthouseOf(readerToken);
    console.log(['', ...rows, '', verdicts.length ? verdicts.join('\n') : 'All budgets hold.'].join('\n'));
    return verdicts.length ? 1 : 0;
  } finally {
    await servers.stop();
  }
}

const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
/** Lighthouse's pages (issue 22): two a visitor opens first, three a signed-in reader does. */
const LIGHTHOUSE_PAGES = (demandId: string): LighthousePage[] =>
  [
    { name: '/', path: '/', signedIn: false },
    { name: '/login', path: '/login', signedIn: false },
    { name: '/subscription', path: '/subscription', signedIn: true },
    { name: '/requirements', path: '/requirements', signedIn: true },
    { name: '/demand-store/:id', path: `/demand-store/${demandId}`, signedIn: true },
  ].filter((page) => !LIGHTHOUSE_ONLY || !ONLY_PAGES || ONLY_PAGES.includes(page.name));

/** The bench database again, after the HTTP runs closed the seeding connection. */
const db2 = () => new DataSource(dataSourceOptions(DATABASE_URL));

const CLIENTS = 1000;

/**
 * Socket fan-out: 1,000 users each with a socket in a separate process; one admin broadcast to all of them
 * (delivery latency), then 1,000 individual messages, one per user, sent 10 at a time (messages per second,
 * from the first send until the last socket has its message).
 */
async function socketFanOut(
  source: DataSource,
  apiUrl: string,
  adminToken: string,
  pinned: boolean,
): Promise<{ rows: string[]; broadcastP99: number }> {
  const db = await source.initialize();
  await db.query(
    `INSERT INTO users (username, email, "emailVerifiedAt")
     SELECT 'bench-socket-' || g, 'bench-socket-' || g || '@example.cn', now() FROM generate_series(1, $1) g
     ON CONFLICT DO NOTHING`,
    [CLIENTS],
  );
  const users: { id: string }[] = await db.query(
    `SELECT id FROM users WHERE email LIKE 'bench-socket-%' ORDER BY email LIMIT $1`,
    [CLIENTS],
  );
  await db.query(`DELETE FROM messages WHERE "userId" = ANY($1::uuid[])`, [users.map((u) => u.id)]);
  await db.destroy();
  const tokensFile = resolve(ROOT, 'dist/bench/socket-tokens.json');
  writeFileSync(tokensFile, JSON.stringify(users.map((u) => sign(u.id, 'Free'))));
  const script = resolve(__dirname, 'socket-clients.js');
  const [command, args] = pinned
    ? ['taskset', ['-c', '1', process.execPath, script]]
    : [process.execPath, [script]];
  const clients = spawn(command, args, {
    env: { ...process.env, API_URL: apiUrl, TOKENS_FILE: tokensFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(clients);
  const reports: Record<string, Record<string, number>>[] = [];
  let waiting: ((r: Record<string, Record<string, number>>) => void) | null = null;
  let buffered = '';
  clients.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const report = JSON.parse(buffered.slice(0, nl)) as Record<string, Record<string, number>>;
      buffered = buffered.slice(nl + 1);
      if (waiting) waiting(report);
      else reports.push(report);
    }
  });
  const nextReport = () =>
    new Promise<Record<string, Record<string, number>>>((resolve) =>
      reports.length ? resolve(reports.shift()!) : (waiting = (r) => ((waiting = null), resolve(r))),
    );
  const ready = await nextReport();
  if ('error' in ready) throw new Error(`socket clients: ${JSON.stringify(ready)}`);
  const send = (body: object) =>
    fetch(`${apiUrl}/api/admin/messages/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(body),
    }).then((r) => {
      if (!r.ok) throw new Error(`broadcast answered ${r.status}`);
    });

  await send({ title: 'bench-broadcast', content: String(Date.now()), userIds: users.map((u) => u.id) });
  const { broadcast } = await nextReport();

  const started = Date.now();
  const queue = users.map((u) => u.id);
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let id = queue.shift(); id; id = queue.shift())
        await send({ title: 'bench-single', content: 'x', userIds: [id] });
    }),
  );
  const { singles } = await nextReport();
  const perSecond = CLIENTS / ((singles.lastAt - started) / 1000);
  const rows = [
    `| one broadcast to ${broadcast.received} sockets: delivery p50 / p99 | ${broadcast.p50} ms / ${broadcast.p99} ms |`,
    `| ${singles.received} individual messages, 10 senders | ${perSecond.toFixed(0)} messages/s |`,
  ];
  rows.forEach((r) => console.log(r));
  return { rows, broadcastP99: broadcast.p99 };
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
