import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AdminMessagesController } from './admin-messages.controller';
import { AdminPlansController } from './admin-plans.controller';

/** Support staff's endpoints (contract §9) that span modules; each module's own admin routes stay with it. */
@Module({
  imports: [AuthModule, BillingModule, NotificationsModule],
  controllers: [AdminPlansController, AdminMessagesController],
})
export class AdminModule {}
