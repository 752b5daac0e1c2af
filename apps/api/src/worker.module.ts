import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './core/config/app-config';
import { coreModules } from './core/core-modules';
import { MailWorkerModule } from './core/mail/mail.module';
import { LegacyQueuesModule } from './core/queue/queue.module';
import { AuthJobsModule } from './modules/auth';
import { BillingJobsModule } from './modules/billing';
import { DemandFeesModule, DemandWorkerModule } from './modules/workshop';

/**
 * The worker process: every Bull processor (stage jobs, billing's scheduled jobs, mail) and no HTTP; it reaches sockets
 * through the Redis emitter.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ...coreModules(config),
        MailWorkerModule,
        LegacyQueuesModule,
        AuthJobsModule,
        DemandWorkerModule,
        BillingJobsModule,
        // Orders the reconciliation job settles may be stage fees: the workshop's fee handler alone.
        DemandFeesModule,
      ],
    };
  }
}
