import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { BillingModule } from '../billing';
import { DemandEventsGateway } from './demand-events.gateway';
import { DemandEventsService } from './demand-events.service';
import { DemandPaymentsController } from './demand-payments.controller';
import { WorkshopController } from './workshop.controller';
import { DemandExportsService } from './demand-exports.service';
import { WorkshopService } from './workshop.service';
import { DemandsAdminService } from './demands-admin.service';
import { DemandFeesModule } from './demand-fees.module';
import { DemandFeesService } from './demand-fees.service';
import { DemandQuestionsService } from './demand-questions.service';
import { DemandSharesRepository } from './demand-shares.repository';
import { DemandSharesService } from './demand-shares.service';
import { SharesController } from './shares.controller';
import { DEMAND_ENTITIES } from './entities';
import { LabFilesService } from './lab-files.service';
import { LabViewerController } from './lab-viewer.controller';
import { DemandDeliverablesRepository } from './demand-deliverables.repository';
import { DemandEventsRepository } from './demand-events.repository';
import { DemandsRepository } from './demands.repository';

/** The workshop as the API serves it: demands, fees, the lab viewer, live events. Stage jobs run in the worker. */
@Module({
  imports: [TypeOrmModule.forFeature(DEMAND_ENTITIES), AuthModule, BillingModule, DemandFeesModule],
  controllers: [WorkshopController, DemandPaymentsController, LabViewerController, SharesController],
  providers: [
    WorkshopService,
    DemandFeesService,
    DemandQuestionsService,
    DemandSharesService,
    DemandSharesRepository,
    DemandsAdminService,
    DemandEventsService,
    LabFilesService,
    DemandExportsService,
    DemandEventsGateway,
    DemandDeliverablesRepository,
    DemandsRepository,
    DemandEventsRepository,
  ],
  exports: [DemandsAdminService],
})
export class WorkshopModule {}
