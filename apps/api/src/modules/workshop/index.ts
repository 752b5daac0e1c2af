/** What other modules may use of the workshop; everything else stays inside. */
export { WorkshopModule } from './workshop.module';
export { DemandsAdminService } from './demands-admin.service';
export { StageQuery } from './dto/demand.dto';
export { DemandWorkerModule } from './demand-worker.module';
export { DemandFeesModule } from './demand-fees.module';
