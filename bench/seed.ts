/**
 * The bench's synthetic library: BENCH_SOLUTIONS solutions loaded into the bench database with COPY, and the search's
 * gram index built once at the end.
 */
import { LIBRARY_INDUSTRIES } from '@think-tank/contracts';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataSource } from 'typeorm';
import { poolOf } from '../apps/api/src/core/database/pool';
import { gramsOf, searchText } from '../apps/api/src/modules/solutions/search-text';
import { industryToken } from '../apps/api/src/modules/solutions/solution-search.query';
import { rng, sampleText, type Vocabulary } from './corpus';

/** A PostgreSQL array literal of texts. */
const arrayLiteral = (items: string[]) =>
  `{${items.map((g) => `"${g.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
/** A value in COPY's text format: backslash, tab and line ends escaped. */
const copyField = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

/** Streams rows (already escaped, tab-separated) into a table with COPY, on a connection of the data source's pool. */
async function copyInto(db: DataSource, statement: string, lines: string[]): Promise<void> {
  const client: PoolClient = await poolOf(db).connect();
  try {
    await pipeline(Readable.from([lines.join('\n') + '\n']), client.query(copyFrom(statement)));
  } finally {
    client.release();
  }
}

/**
 * The synthetic library, BENCH_SOLUTIONS of it, loaded with COPY in batches of 10,000 (solutions, then their search
 * forms) without the gram index, which is built once at the end: a million in minutes, not hours.
 */
export async function seed(db: DataSource, vocabulary: Vocabulary, N: number): Promise<void> {
  // A load cut off between a batch's two COPYs left solutions without their search form: loaded again.
  await db.query(
    `DELETE FROM solutions so WHERE NOT EXISTS (SELECT 1 FROM solution_search s WHERE s."solutionId" = so.id)`,
  );
  const have = Number((await db.query('SELECT count(*) AS n FROM solutions'))[0].n);
  if (have >= N) {
    // A seeding cut off before its end left the library without its gram index: every search would scan it.
    await assignIndustries(db);
    await buildGramIndex(db);
    return console.log(`bench database holds ${have} solutions`);
  }
  const started = Date.now();
  const random = rng(42 + have);
  await db.query('DROP INDEX IF EXISTS "IDX_solution_search_grams"');
  const BATCH = 10_000;
  /** The next batch as COPY lines: solutions, and their search forms (whose signature a trigger computes). */
  const batch = (from: number) => {
    const solutions: string[] = [];
    const forms: string[] = [];
    for (let i = 0; i < Math.min(BATCH, N - from); i++) {
      const name = sampleText(vocabulary, random, 30);
      const requirements = sampleText(vocabulary, random, 300);
      const details = sampleText(vocabulary, random, 1000);
      const text = searchText([name, requirements, details]);
      const id = randomUUID();
      const at = new Date(Date.UTC(2024, 0, 1) + (from + i) * 60_000).toISOString();
      const html = `<h1>${name}</h1><p>${details}</p>`;
      // Each in one of the industries, as loaded: updating them after rewrote both tables (minutes at a million).
      const industry = LIBRARY_INDUSTRIES[(from + i) % LIBRARY_INDUSTRIES.length];
      solutions.push([id, name, requirements, details, html, at, industry].map(copyField).join('\t'));
      const grams = arrayLiteral([...gramsOf(text), industryToken(industry)]);
      forms.push([id, at, text, grams, industry].map(copyField).join('\t'));
    }
    return { solutions, forms };
  };
  const load = async ({ solutions, forms }: ReturnType<typeof batch>) => {
    // A search form references its solution: the solutions first.
    await copyInto(
      db,
      'COPY solutions (id, "projectName", "projectRequirements", "projectRequirementsDetails", html, "createdAt", industry) FROM STDIN',
      solutions,
    );
    await copyInto(db, 'COPY solution_search ("solutionId", "createdAt", text, grams, industry) FROM STDIN', forms);
  };
  // PostgreSQL's side (the signature trigger above all) takes one core per COPY: two batches load at once.
  const loading = new Set<Promise<void>>();
  let loaded = have;
  for (let done = have; done < N; done += BATCH) {
    const rows = batch(done);
    const one: Promise<void> = load(rows).then(() => {
      loading.delete(one);
      loaded += rows.solutions.length;
      process.stdout.write(`\rseeding ${loaded}/${N}`);
    });
    loading.add(one);
    if (loading.size >= 2) await Promise.race(loading);
  }
  await Promise.all(loading);
  await assignIndustries(db);
  console.log(`\nbuilding the gram index…`);
  const indexing = Date.now();
  await buildGramIndex(db);
  console.log(
    `seeded ${N - have} solutions in ${((Date.now() - started) / 1000).toFixed(0)} s ` +
      `(the gram index ${((Date.now() - indexing) / 1000).toFixed(0)} s of it)`,
  );
}

/**
 * Each solution in one of the library's industries (search's `categories`), by its id, where none is set: on a
 * library seeded before industries existed, the gram index is dropped first (an update of 100,000 search forms
 * would otherwise re-insert all their grams) and built again after.
 */
async function assignIndustries(db: DataSource): Promise<void> {
  // Missing: an industry, or (a library assigned before the industry became a gram too) its gram token.
  const [{ missing }] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM solution_search WHERE industry IS NULL)
         OR NOT COALESCE((SELECT grams @> ARRAY['@' || industry] FROM solution_search LIMIT 1), true) AS missing`,
  );
  if (!missing) return;
  console.log('assigning industries…');
  await db.query('DROP INDEX IF EXISTS "IDX_solution_search_grams"');
  const industries = `ARRAY['${LIBRARY_INDUSTRIES.join("','")}']`;
  await db.query(
    `UPDATE solutions SET industry = (${industries})[1 + abs(hashtext(id::text)) % ${LIBRARY_INDUSTRIES.length}]
      WHERE industry IS NULL`,
  );
  await db.query(
    `UPDATE solution_search s SET industry = so.industry FROM solutions so
      WHERE so.id = s."solutionId" AND s.industry IS NULL`,
  );
  // The industry as one more gram (industryToken), as the API writes it.
  await db.query(
    `UPDATE solution_search SET grams = grams || ARRAY['@' || industry] WHERE NOT grams @> ARRAY['@' || industry]`,
  );
}

/** The search's GIN index, which the bulk load drops: built when missing, then the planner's statistics. */
async function buildGramIndex(db: DataSource): Promise<void> {
  await db.query(`SET maintenance_work_mem = '512MB'`);
  await db.query(
    `CREATE INDEX IF NOT EXISTS "IDX_solution_search_grams" ON "solution_search" USING gin ("grams")`,
  );
  await db.query('ANALYZE solution_search');
}
