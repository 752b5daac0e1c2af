import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * The pg pool under TypeORM, for the few reads hot enough to skip a QueryRunner: the paid view's. Queries on it
 * are named, so that each pooled connection parses and plans them once.
 */
export const poolOf = (db: DataSource): Pool => (db.driver as PostgresDriver).master as Pool;
