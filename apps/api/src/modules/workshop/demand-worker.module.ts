import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../core/config/app-config';
import { NotificationsModule } from '../notifications';
import { SolutionsLibraryModule } from '../solutions';
import { DemandEventsService } from './demand-events.service';
import { DemandEventsRepository } from './demand-events.repository';
import { DemandStagesRepository } from './demand-stages.repository';
import { DemandsRepository } from './demands.repository';
import { DEMAND_ENTITIES } from './entities';
import { BuiltinGenerator } from './generation/builtin-generator.service';
import { LlmGenerator } from './generation/llm-generator.service';
import { StageGenerator } from './generation/stage-generator';
import { DemandStagesProcessor } from './jobs/demand-stages.processor';
import { StageSweeper } from './jobs/stage-sweeper.service';
import { StageQueue } from './stage-queue.service';
import { StageRunner } from './stage-runner.service';

/** The stage jobs, run by the worker entry point (the queue's settings are in QueueModule). */
@Module({
  imports: [TypeOrmModule.forFeature(DEMAND_ENTITIES), NotificationsModule, SolutionsLibraryModule],
  providers: [
    StageRunner,
    DemandStagesRepository,
    DemandsRepository,
    DemandEventsRepository,
    DemandEventsService,
    StageQueue,
    DemandStagesProcessor,
    StageSweeper,
    {
      provide: StageGenerator,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.llm ? new LlmGenerator(config) : new BuiltinGenerator(config),
    },
  ],
})
export class DemandWorkerModule {}
