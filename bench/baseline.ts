/**
 * The baseline: a bare node:http server answering the same two calls with the same SQL through pg, with
 * none of the framework (no Nest, no Fastify, no validation). The view makes the paid reader's checks as the
 * API does (HS256 verified, the reader and the document in one prepared statement, the grant, the daily
 * count in Redis), and every request writes one JSON line to the log, as the API's request log does. The
 * API's throughput is reported as a ratio of this one's, measured in the same run.
 */
import Redis from 'ioredis';
import * as jwt from 'jsonwebtoken';
import { createSecretKey } from 'node:crypto';
import { createServer } from 'node:http';
import { Pool } from 'pg';
import pino from 'pino';
import { SEARCH_COUNT_CAP } from '@think-tank/contracts';
import {
  DAILY_VIEWS_SECONDS,
  dailyViewsKey,
  TAKE_DAILY_VIEW,
} from '../apps/api/src/modules/paywall/daily-views';
import { VIEW_GRANT } from '../apps/api/src/modules/billing/view-grants.repository';
import { glossaryAlternatives } from '../apps/api/src/modules/solutions/glossary';
import { TEASER_SCANNED } from '../apps/api/src/modules/paywall/teaser';
import { queryTerms } from '../apps/api/src/modules/solutions/search-text';
import { hasChinese, queryWords } from '../apps/api/src/modules/solutions/search-words';
import {
  GRAM_INDEX_ONLY,
  indexedConditions,
  inIndustries,
  matchesPageSql,
  relevanceRank,
  textConditions,
  wordCountSql,
  wordMatchesPageSql,
} from '../apps/api/src/modules/solutions/solution-search.query';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const key = createSecretKey(Buffer.from(process.env.JWT_SECRET!, 'utf8'));
// Where the API's request log goes too (stdout, which the bench sends to a file).
const log = pino({ base: { service: 'baseline' } });
// The API's default (PAID_DAILY_VIEW_LIMIT); the bench reads one solution, counted once a day.
const DAILY_LIMIT = Number(process.env.PAID_DAILY_VIEW_LIMIT ?? 20);

/** The paid view: 401 without a valid token, 402 without a plan, 403 past the daily limit. */
async function viewDocument(id: string, authorization: string | undefined): Promise<[number, Buffer?]> {
  let userId: string;
  try {
    userId = (jwt.verify(authorization?.slice(7) ?? '', key, { algorithms: ['HS256'] }) as jwt.JwtPayload)
      .sub!;
  } catch {
    return [401];
  }
  const {
    rows: [row],
  } = await pool.query({
    name: 'view',
    // As the API: the document's head first (all of a bench document), the rest only once the reader may read.
    text: `SELECT left(so.html, $3) AS head, octet_length(so.html) = octet_length(left(so.html, $3)) AS whole,
                  u."isPaid", u.disabled FROM users u LEFT JOIN solutions so ON so.id = $1 WHERE u.id = $2`,
    values: [id, userId, TEASER_SCANNED],
  });
  if (!row || row.disabled) return [401];
  if (row.head === null) return [404];
  const granted = await pool.query({ ...VIEW_GRANT, values: [userId, id] });
  if (!granted.rowCount) {
    if (!row.isPaid) return [402];
    const ok = await redis.eval(
      TAKE_DAILY_VIEW,
      1,
      dailyViewsKey(userId),
      id,
      DAILY_LIMIT,
      DAILY_VIEWS_SECONDS,
    );
    if (ok !== 1) return [403];
  }
  const html = row.whole
    ? row.head
    : (await pool.query('SELECT html FROM solutions WHERE id = $1', [id])).rows[0].html;
  return [200, Buffer.from(html, 'utf8')];
}
const LIST = `so.id AS "_id", so."projectName", so."projectRequirements", so."projectRequirementsDetails"`;

/** Like the API, remember queries with more than 1,000 matches and page them without recounting. */
const capped = new Set<string>();

async function recencyPage(terms: string[][], industries: string[]) {
  const text = inIndustries(textConditions(terms), industries, 'column');
  const list = (
    await pool.query(
      `SELECT ${LIST} FROM solution_search s JOIN solutions so ON so.id = s."solutionId" WHERE ${text.sql} ORDER BY s."createdAt" DESC, s."solutionId" DESC LIMIT 5`,
      text.params,
    )
  ).rows;
  return { list, totalCount: SEARCH_COUNT_CAP, totalCountCapped: true, page: 1, pageSize: 5 };
}

/** One statement through the gram index, in its own transaction with the API's settings (GRAM_INDEX_ONLY). */
async function throughGrams<T>(sql: string, params: unknown[]): Promise<T[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(GRAM_INDEX_ONLY);
    const rows = (await client.query(sql, params)).rows as T[];
    await client.query('COMMIT');
    return rows;
  } finally {
    client.release();
  }
}

/** Like the API, words' document frequencies are kept (an hour there; the run's length here). */
const wordCounts = new Map<string, number>();
async function wordCount(word: string[]): Promise<number> {
  const key = word.join('\u0000');
  if (!wordCounts.has(key)) {
    const q = wordCountSql(word, []);
    wordCounts.set(key, (await throughGrams<{ n: number }>(q.sql, q.params))[0].n);
  }
  return wordCounts.get(key)!;
}

/** The words path as the API takes it (SolutionSearchService.byWords), without its framework. */
async function byWords(terms: string[][], split: boolean[], industries: string[]) {
  const read = queryWords(terms, split);
  const counts = await Promise.all(read.map(wordCount));
  const known = read.map((_, i) => i).filter((i) => counts[i] > 0);
  if (!known.length) return { list: [], totalCount: 0, page: 1, pageSize: 5, matchedBy: 'words' };
  const size = Number(
    (await pool.query(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'solution_search'::regclass`))
      .rows[0].n,
  );
  const words = known.map((i) => read[i]);
  const weights = known.map((i) => Math.round((Math.log((size + 1) / (counts[i] + 1)) + 1) * 1000) / 1000);
  const minHeld = Math.ceil(words.length / 2);
  const q = wordMatchesPageSql(words, weights, industries, minHeld, LIST, SEARCH_COUNT_CAP, 5, 0);
  const rows = await throughGrams<{ total: number; _id: string | null }>(q.sql, q.params);
  return {
    list: rows.filter((r) => r._id !== null),
    totalCount: rows[0]?.total ?? 0,
    page: 1,
    pageSize: 5,
    matchedBy: 'words',
  };
}

async function search(query: string, industries: string[], relevance: boolean) {
  const answer = await searchTerms(query, industries, relevance);
  if (answer.totalCount > 0) return answer;
  const terms = queryTerms(query).map(glossaryAlternatives);
  const split = await Promise.all(
    terms.map(async (t) => {
      if (!hasChinese(t[0])) return false;
      const q = indexedConditions([t]);
      const [row] = await throughGrams<{ found: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM solution_search s WHERE ${q.sql}) AS found`,
        q.params,
      );
      return !row.found;
    }),
  );
  return split.some(Boolean) ? byWords(terms, split, industries) : answer;
}

async function searchTerms(query: string, industries: string[], relevance: boolean) {
  // Like the API, a Latin term also matches its Chinese translation (the glossary; no translation service here).
  const terms = queryTerms(query).map(glossaryAlternatives);
  const key = JSON.stringify([terms, industries]);
  if (capped.has(key)) return recencyPage(terms, industries);
  const where = inIndustries(indexedConditions(terms), industries, terms.length ? 'grams' : 'column');
  const matches = matchesPageSql(
    where,
    relevance && terms.length ? relevanceRank(terms, where.params.length + 1) : { sql: '0', params: [] },
    LIST,
    SEARCH_COUNT_CAP,
    5,
    0,
  );
  // The same transaction and settings as the API (GRAM_INDEX_ONLY).
  const client = await pool.connect();
  let rows: { total: number; _id: string | null }[];
  try {
    await client.query('BEGIN');
    await client.query(GRAM_INDEX_ONLY);
    rows = (await client.query<{ total: number; _id: string | null }>(matches.sql, matches.params)).rows;
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  const total = rows[0]?.total ?? 0;
  if (total <= SEARCH_COUNT_CAP)
    return { list: rows.filter((r) => r._id !== null), totalCount: total, page: 1, pageSize: 5 };
  capped.add(key);
  return recencyPage(terms, industries);
}

createServer(async (req, res) => {
  const started = performance.now();
  res.on('finish', () =>
    log.info({
      method: req.method,
      url: req.url,
      statusCode: res.statusCode,
      responseTime: performance.now() - started,
    }),
  );
  try {
    const url = new URL(req.url ?? '/', 'http://baseline');
    if (url.pathname === '/search') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const industries = (url.searchParams.get('categories') ?? '').split(',').filter(Boolean);
      const relevance = url.searchParams.get('sort') === 'relevance';
      return res.end(
        JSON.stringify(await search(url.searchParams.get('query') ?? '', industries, relevance)),
      );
    }
    const view = /^\/view\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (view) {
      const [status, html] = await viewDocument(view[1], req.headers.authorization);
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(html);
    }
    res.writeHead(404).end();
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
