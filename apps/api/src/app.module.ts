import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { AppConfig } from './core/config/app-config';
import { coreModules } from './core/core-modules';
import { AllExceptionsFilter } from './core/errors/error-responder';
import { HealthModule } from './core/health/health.module';
import { SiteModule } from './core/site/site.controller';
import { VitalsModule } from './core/metrics/vitals.controller';
import { NotificationsModule } from './modules/notifications';
import { AuthModule } from './modules/auth';
import { AdminModule } from './modules/admin';
import { BillingModule } from './modules/billing';
import { SolutionsModule } from './modules/solutions';
import { WorkshopModule } from './modules/workshop';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...coreModules(config),
        NotificationsModule,
        HealthModule,
        SiteModule,
        VitalsModule,
        AuthModule,
        SolutionsModule,
        BillingModule,
        AdminModule,
        WorkshopModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
