import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { DatabaseProbe } from './database-probe.repository';
import { ReadReplicas } from './read-replicas.repository';
import { Transactions } from './transactions.service';

/**
 * The pool, the unit of work every module's services open (transactions.service.ts), the health checks' probe, and the
 * replicas for reads that may lag (read-replicas.repository.ts).
 */
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
  providers: [Transactions, DatabaseProbe, ReadReplicas],
  exports: [Transactions, DatabaseProbe, ReadReplicas],
})
export class DatabaseModule {}
