import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing';
import { DemandFeeFulfilment } from './demand-fee.fulfilment';
import { DemandStagesRepository } from './demand-stages.repository';
import { DEMAND_ENTITIES } from './entities';
import { StageQueue } from './stage-queue.service';

/**
 * The fee handler with the stage state and queue it needs: the worker loads it alone (it serves none of the
 * workshop's HTTP or sockets), and WorkshopModule builds on its stage state and queue.
 */
@Module({
  imports: [TypeOrmModule.forFeature(DEMAND_ENTITIES), BillingModule],
  providers: [DemandFeeFulfilment, DemandStagesRepository, StageQueue],
  exports: [DemandStagesRepository, StageQueue],
})
export class DemandFeesModule {}
