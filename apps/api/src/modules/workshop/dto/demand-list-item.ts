import type { DemandListItem } from '@think-tank/contracts';
import type { Demand } from '../entities/demand.entity';

/** How much of a demand's texts its list item carries (contract §11): the whole text is on its page. */
export const LIST_TEXT_MAX = 500;

/** A demand as the owner's list shows it (contract §8 GET /demand-store). */
export const toDemandListItem = (d: Demand): DemandListItem => ({
  _id: d.id,
  name: d.name,
  content: d.content.slice(0, LIST_TEXT_MAX),
  keyValuePoints: d.keyValuePoints.slice(0, LIST_TEXT_MAX),
  currentStage: d.currentStage,
  overallStatus: d.overallStatus,
  isMarketReady: d.isMarketReady,
  demandType: d.demandType,
  updatedAt: d.updatedAt.toISOString(),
});
