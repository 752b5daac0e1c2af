import { Module } from '@nestjs/common';
import { WorkshopModule } from '../workshop';
import { AdminSupportController } from './admin-support.controller';
import { MetricsLeader } from '../../core/metrics/metrics-leader.service';
import { MetricsCollectors } from './metrics-collectors.service';
import { QueuesAdminService } from './queues-admin.service';
import { SupportTimeline } from './support-timeline.read-model';
import { AuthModule } from '../auth';
import { BillingModule } from '../billing';
import { NotificationsModule } from '../notifications';
import { SolutionsModule } from '../solutions';
import { PlanUseService } from './plan-use.service';
import { AdminMessagesController } from './admin-messages.controller';
import { AdminInvoicesController } from './admin-invoices.controller';
import { AdminPlansController } from './admin-plans.controller';
import { AdminVipApplicationsController } from './admin-vip-applications.controller';

/** Support staff's endpoints (contract §9) that span modules; each module's own admin routes stay with it. */
@Module({
  imports: [AuthModule, BillingModule, NotificationsModule, WorkshopModule, SolutionsModule],
  controllers: [
    AdminPlansController,
    AdminMessagesController,
    AdminSupportController,
    AdminVipApplicationsController,
    AdminInvoicesController,
  ],
  providers: [SupportTimeline, QueuesAdminService, MetricsCollectors, MetricsLeader, PlanUseService],
})
export class AdminModule {}
