import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { BillingModule } from '../billing';
import { PaywallModule } from '../paywall';
import { AdminSolutionsController } from './admin-solutions.controller';
import { SolutionsController } from './solutions.controller';
import { SolutionDocumentsService } from './solution-documents.service';
import { SolutionsService } from './solutions.service';
import { TranslationService } from './translation.service';

@Module({
  imports: [AuthModule, PaywallModule, BillingModule],
  controllers: [SolutionsController, AdminSolutionsController],
  providers: [SolutionsService, SolutionDocumentsService, TranslationService],
  exports: [SolutionsService],
})
export class SolutionsModule {}
