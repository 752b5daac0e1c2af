import { randomUUID } from 'node:crypto';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { dataSourceOptions, migrationDataSourceOptions } from '../src/core/database/data-source-options';
import { dropDatabase, ensureDatabase } from '../src/core/database/ensure-database';
import { MIGRATIONS } from '../src/database/migrations';
import { PurchaseSubject1795540000000 } from '../src/database/migrations/1795540000000-PurchaseSubject';
import { OrderSubjectContract1795540800000 } from '../src/database/migrations/1795540800000-OrderSubjectContract';
import { Sessions1795541800000 } from '../src/database/migrations/1795541800000-Sessions';
import { PgBouncer } from './support/pgbouncer';
import { readTestEnv } from './support/test-env';

/** Migrations that move data: a release must keep what existing rows meant, and its `down` must give it back. */
describe('data migrations', () => {
  const env = readTestEnv();
  const url = new URL(env.databaseUrl);
  url.pathname = `/tt_test_${env.runId}_migrations`;
  const migrated = (migrations: typeof MIGRATIONS) =>
    new DataSource({ ...dataSourceOptions(url.toString()), migrations }).initialize();

  beforeAll(() => ensureDatabase(url.toString()), 30_000);
  afterAll(() => dropDatabase(url.toString()), 30_000);

  it('turns an order’s solution, demand and stage into its purchase subject, and back', async () => {
    const index = MIGRATIONS.indexOf(PurchaseSubject1795540000000);
    const before = MIGRATIONS.slice(0, index);
    const old = await migrated(before);
    await old.runMigrations({ transaction: 'each' });
    const [user, solution, demand] = [randomUUID(), randomUUID(), randomUUID()];
    const insert = `INSERT INTO orders ("userId", gateway, "paymentType", "itemType", "itemId", "solutionId", "demandId", stage, amount, currency, subject)
      VALUES ($1, 'sandbox', 'one-time', $2, $3, $4, $5, $6, 100, 'CNY', 'x') RETURNING id`;
    const [view] = await old.query(insert, [user, 'single_solution_view', 'x', solution, null, null]);
    const [fee] = await old.query(insert, [user, 'demand_store_payment', 'x', null, demand, 'Opening']);
    const [plan] = await old.query(insert, [user, 'one_time_product', 'x', null, null, null]);
    await old.destroy();

    // Up to this migration, so that undoing the last one undoes it.
    const now = await migrated(MIGRATIONS.slice(0, index + 1));
    await now.runMigrations({ transaction: 'each' });
    const subjects = `SELECT id, "subjectKind", "subjectId", "subjectPart" FROM orders ORDER BY id`;
    const expected = [
      { id: view.id, subjectKind: 'solution', subjectId: solution, subjectPart: null },
      { id: fee.id, subjectKind: 'demand', subjectId: demand, subjectPart: 'Opening' },
      { id: plan.id, subjectKind: null, subjectId: null, subjectPart: null },
    ].sort((a, b) => a.id.localeCompare(b.id));
    expect(await now.query(subjects)).toEqual(expected);

    // Until the contract step, a row written by either release carries both: the previous release's pods go on.
    const [older] = await now.query(insert, [user, 'demand_store_payment', 'x', null, demand, 'Preparation']);
    const [newer] = await now.query(
      `INSERT INTO orders ("userId", gateway, "paymentType", "itemType", "itemId", "subjectKind", "subjectId", amount, currency, subject)
       VALUES ($1, 'sandbox', 'one-time', 'single_solution_view', 'x', 'solution', $2, 100, 'CNY', 'x') RETURNING id`,
      [user, solution],
    );
    const both = `SELECT "subjectKind", "subjectId", "subjectPart", "solutionId", "demandId", stage FROM orders WHERE id = $1`;
    expect(await now.query(both, [older.id])).toEqual([
      {
        subjectKind: 'demand',
        subjectId: demand,
        subjectPart: 'Preparation',
        solutionId: null,
        demandId: demand,
        stage: 'Preparation',
      },
    ]);
    expect(await now.query(both, [newer.id])).toEqual([
      {
        subjectKind: 'solution',
        subjectId: solution,
        subjectPart: null,
        solutionId: solution,
        demandId: null,
        stage: null,
      },
    ]);
    await now.query(`DELETE FROM orders WHERE id = ANY($1)`, [[older.id, newer.id]]);

    await now.undoLastMigration({ transaction: 'each' });
    expect(await now.query(`SELECT id, "solutionId", "demandId", stage FROM orders ORDER BY id`)).toEqual(
      [
        { id: view.id, solutionId: solution, demandId: null, stage: null },
        { id: fee.id, solutionId: null, demandId: demand, stage: 'Opening' },
        { id: plan.id, solutionId: null, demandId: null, stage: null },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    await now.destroy();

    // The contract step drops the old columns and the trigger, and its down brings them back filled in.
    const all = await migrated(
      MIGRATIONS.slice(0, MIGRATIONS.indexOf(OrderSubjectContract1795540800000) + 1),
    );
    await all.runMigrations({ transaction: 'each' });
    const columns = `SELECT column_name FROM information_schema.columns WHERE table_name = 'orders' AND column_name = ANY($1)`;
    expect(await all.query(columns, [['solutionId', 'demandId', 'stage']])).toEqual([]);
    expect(await all.query(`SELECT tgname FROM pg_trigger WHERE tgname = 'orders_subject_sync'`)).toEqual([]);
    await all.undoLastMigration({ transaction: 'each' });
    expect(await all.query(`SELECT "solutionId" FROM orders WHERE id = $1`, [view.id])).toEqual([
      { solutionId: solution },
    ]);
    await all.destroy();
  }, 60_000);
});

describe('index builds outside a transaction', () => {
  const env = readTestEnv();
  const url = new URL(env.databaseUrl);
  url.pathname = `/tt_test_${env.runId}_index_builds`;

  beforeAll(() => ensureDatabase(url.toString()), 30_000);
  afterAll(() => dropDatabase(url.toString()), 30_000);

  it('builds again an index that a killed build left INVALID, where IF NOT EXISTS would skip it', async () => {
    const db = await new DataSource({
      ...dataSourceOptions(url.toString()),
      migrations: MIGRATIONS,
    }).initialize();
    try {
      await db.runMigrations({ transaction: 'each' });
      const index = 'IDX_4361dcf261dd3ae9df1a10db91';
      const valid = async () =>
        (
          await db.query(
            `SELECT i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`,
            [index],
          )
        ).map((r: { indisvalid: boolean }) => r.indisvalid);
      // What a build cancelled half way (a timeout, a killed migration Job) leaves behind.
      await db.query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = $1::regclass`, [
        `"${index}"`,
      ]);
      expect(await valid()).toEqual([false]);
      const runner = db.createQueryRunner();
      try {
        await new Sessions1795541800000().up(runner);
      } finally {
        await runner.release();
      }
      expect(await valid()).toEqual([true]);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});

describe('migrations behind PgBouncer in transaction mode', () => {
  const env = readTestEnv();
  const direct = new URL(env.databaseUrl);
  const database = `tt_test_${env.runId}_pooled`;
  direct.pathname = `/${database}`;
  const bouncer = new PgBouncer(new URL(env.databaseUrl));

  beforeAll(async () => {
    await ensureDatabase(direct.toString());
    await bouncer.start();
  }, 30_000);
  afterAll(async () => {
    await bouncer.stop();
    await dropDatabase(direct.toString());
  }, 30_000);

  it('runs every migration through it, each with its lock and statement limits', async () => {
    let limits: unknown;
    class Probe1795599999999 implements MigrationInterface {
      name = 'Probe1795599999999';
      async up(queryRunner: QueryRunner) {
        limits = await queryRunner.query(
          `SELECT current_setting('lock_timeout') AS lock, current_setting('statement_timeout') AS statement`,
        );
      }
      async down() {}
    }
    const db = await new DataSource(
      migrationDataSourceOptions(bouncer.url(database), [...MIGRATIONS, Probe1795599999999]),
    ).initialize();
    try {
      const applied = await db.runMigrations({ transaction: 'each' });
      expect(applied).toHaveLength(MIGRATIONS.length + 1);
      expect(limits).toEqual([{ lock: '5s', statement: '20min' }]);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
