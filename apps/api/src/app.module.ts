import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { AppConfig } from './core/config/app-config';
import { coreModules } from './core/core-modules';
import { AllExceptionsFilter } from './core/errors/error-responder';
import { HealthModule } from './core/health/health.module';
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
        ...coreModules(config),
        NotificationsModule,
        HealthModule,
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
