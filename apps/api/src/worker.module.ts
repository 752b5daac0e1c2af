import { Module, type DynamicModule } from '@nestjs/common';
import { AuditModule } from './core/audit/audit.module';
import type { AppConfig } from './core/config/app-config';
import { ConfigModule } from './core/config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { MailModule } from './core/mail/mail.module';
import { MetricsModule } from './core/metrics/metrics.service';
import { QueueModule } from './core/queue/queue.module';
import { RealtimeModule } from './core/realtime/realtime.module';
import { RedisModule } from './core/redis/redis.module';
import { BillingJobsModule } from './modules/billing/billing-jobs.module';
import { DemandStoreModule } from './modules/demand-store/demand-store.module';
import { DemandWorkerModule } from './modules/demand-store/demand-worker.module';

/**
 * The worker process: every Bull processor (stage jobs, billing's scheduled jobs) and no HTTP; it reaches sockets
 * through the Redis emitter.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        QueueModule,
        RealtimeModule,
        AuditModule,
        MetricsModule,
        MailModule,
        DemandWorkerModule,
        BillingJobsModule,
        // Orders the reconciliation job settles may be stage fees: the workshop fulfils them here too.
        DemandStoreModule,
      ],
    };
  }
}
