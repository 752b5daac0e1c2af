import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AuditModule } from './core/audit/audit.module';
import type { AppConfig } from './core/config/app-config';
import { ConfigModule } from './core/config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { AllExceptionsFilter } from './core/errors/error-responder';
import { HealthModule } from './core/health/health.module';
import { MetricsModule } from './core/metrics/metrics.service';
import { MailModule } from './core/mail/mail.module';
import { QueueModule } from './core/queue/queue.module';
import { RealtimeModule } from './core/realtime/realtime.module';
import { RedisModule } from './core/redis/redis.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { AuthModule } from './modules/auth/auth.module';
import { AdminModule } from './modules/admin/admin.module';
import { BillingModule } from './modules/billing/billing.module';
import { SolutionsModule } from './modules/solutions/solutions.module';
import { DemandStoreModule } from './modules/demand-store/demand-store.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        QueueModule,
        RealtimeModule,
        NotificationsModule,
        MailModule,
        HealthModule,
        MetricsModule,
        AuditModule,
        AuthModule,
        SolutionsModule,
        BillingModule,
        AdminModule,
        DemandStoreModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
