/**
 * The baseline: a bare node:http server answering the same two calls with the same SQL through pg, with
 * none of the framework (no Nest, no Fastify, no validation, no auth, no logging). The API's throughput is
 * reported as a ratio of this one's, measured in the same run.
 */
import { createServer } from 'node:http';
import { Pool } from 'pg';
import { SEARCH_COUNT_CAP } from '@think-tank/contracts';
import { glossaryAlternatives } from '../apps/api/src/modules/solutions/glossary';
import { queryTerms } from '../apps/api/src/modules/solutions/search-text';
import {
  GRAM_INDEX_ONLY,
  indexedConditions,
  matchesPageSql,
  textConditions,
} from '../apps/api/src/modules/solutions/solution-search.query';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const LIST = `so.id AS "_id", so."projectName", so."projectRequirements", so."projectRequirementsDetails"`;

/** Like the API, remember queries with more than 1,000 matches and page them without recounting. */
const capped = new Set<string>();

async function recencyPage(terms: string[][]) {
  const text = textConditions(terms);
  const list = (
    await pool.query(
      `SELECT ${LIST} FROM solution_search s JOIN solutions so ON so.id = s."solutionId" WHERE ${text.sql} ORDER BY s."createdAt" DESC, s."solutionId" DESC LIMIT 5`,
      text.params,
    )
  ).rows;
  return { list, totalCount: SEARCH_COUNT_CAP, totalCountCapped: true, page: 1, pageSize: 5 };
}

async function search(query: string) {
  // Like the API, a Latin term also matches its Chinese translation (the glossary; no translation service here).
  const terms = queryTerms(query).map(glossaryAlternatives);
  const key = JSON.stringify(terms);
  if (capped.has(key)) return recencyPage(terms);
  const matches = matchesPageSql(indexedConditions(terms), LIST, SEARCH_COUNT_CAP, 5, 0);
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
  return recencyPage(terms);
}

createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://baseline');
    if (url.pathname === '/search') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(await search(url.searchParams.get('query') ?? '')));
    }
    const view = /^\/view\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (view) {
      const { rows } = await pool.query('SELECT html FROM solutions WHERE id = $1', [view[1]]);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(Buffer.from(rows[0].html, 'utf8'));
    }
    res.writeHead(404).end();
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
