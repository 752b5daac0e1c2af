import type { DemandListItem } from '@think-tank/contracts';
import type { Demand } from '../entities/demand.entity';

/** A demand as the owner's list shows it (contract §8 GET /demand-store). */
export const toDemandListItem = (d: Demand): DemandListItem => ({
  _id: d.id,
  name: d.name,
  content: d.content,
  keyValuePoints: d.keyValuePoints,
  currentStage: d.currentStage,
  overallStatus: d.overallStatus,
  isMarketReady: d.isMarketReady,
  demandType: d.demandType,
  updatedAt: d.updatedAt.toISOString(),
});
