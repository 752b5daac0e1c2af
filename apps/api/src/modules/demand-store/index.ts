/** What other modules may use of demand-store; everything else stays inside. */
export { DemandStoreModule } from './demand-store.module';
export { DemandsAdminService } from './demands-admin.service';
export { StageQuery } from './dto/demand.dto';
export { DemandWorkerModule } from './demand-worker.module';
export { DemandFeesModule } from './demand-fees.module';
