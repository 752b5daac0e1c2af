import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { DatabaseProbe } from './database-probe.repository';
import { Transactions } from './transactions';

/** The pool, the unit of work every module's services open (transactions.ts), and the health checks' probe. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config.databaseUrl, config.dbPoolMax),
        retryAttempts: 0,
      }),
    }),
  ],
  providers: [Transactions, DatabaseProbe],
  exports: [Transactions, DatabaseProbe],
})
export class DatabaseModule {}
