import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { BillingModule } from '../billing';
import { DemandEventsGateway } from './demand-events.gateway';
import { DemandEventsService } from './demand-events.service';
import { DemandStagesRepository } from './demand-stages.repository';
import { DemandPaymentsController } from './demand-payments.controller';
import { DemandStoreController } from './demand-store.controller';
import { DemandStoreService } from './demand-store.service';
import { DemandsAdminService } from './demands-admin.service';
import { DemandEvent } from './entities/demand-event.entity';
import { DemandFile } from './entities/demand-file.entity';
import { DemandStage } from './entities/demand-stage.entity';
import { Demand } from './entities/demand.entity';
import { LabFilesService } from './lab-files.service';
import { LabViewerController } from './lab-viewer.controller';
import { StageQueue } from './stage-queue';

export const DEMAND_ENTITIES = [Demand, DemandStage, DemandEvent, DemandFile];

/** The workshop as the API serves it: demands, fees, the lab viewer, live events. Stage jobs run in the worker. */
@Module({
  imports: [TypeOrmModule.forFeature(DEMAND_ENTITIES), AuthModule, BillingModule],
  controllers: [DemandStoreController, DemandPaymentsController, LabViewerController],
  providers: [
    DemandStoreService,
    DemandsAdminService,
    DemandStagesRepository,
    DemandEventsService,
    StageQueue,
    LabFilesService,
    DemandEventsGateway,
  ],
  exports: [DemandsAdminService],
})
export class DemandStoreModule {}
