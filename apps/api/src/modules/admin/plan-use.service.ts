import { Injectable } from '@nestjs/common';
import type { AdminOrder, PlanUse } from '@think-tank/contracts';
import { SubscriptionsService } from '../billing';
import { DemandsAdminService } from '../workshop';
import { ReadingHistoryRecorder } from '../solutions';

/**
 * What a paid plan order's period was used for (contract §12), gathered from the modules that know: billing (its
 * days, the start-ups taken from its quota), the library (solutions opened in it), the workshop (fees it waived).
 */
@Injectable()
export class PlanUseService {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly history: ReadingHistoryRecorder,
    private readonly demands: DemandsAdminService,
  ) {}

  /** The orders with their plan's use; null on orders that bought no period, or that are not paid. */
  async withUse(orders: AdminOrder[]): Promise<AdminOrder[]> {
    return Promise.all(orders.map(async (o) => ({ ...o, planUse: await this.of(o) })));
  }

  private async of(order: AdminOrder): Promise<PlanUse | null> {
    if (order.status !== 'paid') return null;
    const period = await this.subscriptions.periodOf(order.id);
    if (!period) return null;
    const until = new Date(Math.min(period.end.getTime(), Date.now()));
    const [views, workshop] = await Promise.all([
      this.history.viewsBetween(order.userId, period.start, until),
      this.demands.planUse(order.id),
    ]);
    return { views, startups: period.startupsUsed, ...workshop };
  }
}
