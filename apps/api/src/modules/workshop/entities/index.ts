import { DemandEvent } from './demand-event.entity';
import { DemandFile } from './demand-file.entity';
import { DemandShare } from './demand-share.entity';
import { DemandStage } from './demand-stage.entity';
import { Demand } from './demand.entity';

/** The workshop's tables, for each of its Nest modules' TypeOrmModule.forFeature. */
export const DEMAND_ENTITIES = [Demand, DemandStage, DemandEvent, DemandFile, DemandShare];
