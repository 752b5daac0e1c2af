import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../core/config/app-config';
import { dataSourceOptions } from '../core/database/data-source-options';

/** For the TypeORM CLI (migration:generate, migration:show): `nx run api:migration-generate --name=X`. */
export default new DataSource(dataSourceOptions(loadConfig().databaseUrl));
