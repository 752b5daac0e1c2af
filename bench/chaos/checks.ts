/** What the chaos run reads back from its database to tell lost and doubled work. */
import type { ChaosCluster } from './cluster';
import type { DemandPage } from './load';

/**
 * One read of the ledger: `doubled` counts what exists more than once but must exist once (a stage's
 * demand_completed, a stage fee's paid order, a view's grant, an order's payment event); `lost` counts what is
 * settled but misses its effect (a completed stage without its announcement or lab files, a paid view without its
 * grant, a paid stage fee whose stage is not paid).
 */
export async function ledger(
  cluster: ChaosCluster,
  demandIds: string[],
  orderIds: string[],
): Promise<{ doubled: number; lost: number }> {
  const twice = (table: string, column: string, ids: string, by: string, where = 'true') =>
    `(SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE "${column}" = ANY(${ids}) AND ${where}
       GROUP BY ${by} HAVING count(*) > 1) d)`;
  const [row] = await cluster.sql(
    `SELECT ${twice('demand_events', 'demandId', '$1', '"demandId", stage', `event = 'demand_completed'`)}
          + ${twice('orders', 'subjectId', '$1', '"subjectId", "subjectPart"', `status = 'paid'`)}
          + ${twice('solution_access_grants', 'orderId', '$2', '"orderId"')}
          + ${twice('payment_events', 'orderId', '$2', '"orderId"')} AS doubled,
            (SELECT count(*) FROM demand_stages s WHERE s."demandId" = ANY($1) AND s.status = 'Completed'
               AND (NOT EXISTS (SELECT 1 FROM demand_events e WHERE e."demandId" = s."demandId" AND e.stage = s.stage
                                  AND e.event = 'demand_completed')
                 OR NOT EXISTS (SELECT 1 FROM demand_files f WHERE f."demandId" = s."demandId" AND f.stage = s.stage)))
          + (SELECT count(*) FROM orders o WHERE o.id = ANY($2) AND o.status = 'paid'
               AND NOT EXISTS (SELECT 1 FROM solution_access_grants g WHERE g."orderId" = o.id))
          + (SELECT count(*) FROM orders o JOIN demand_stages s ON s."demandId" = o."subjectId" AND s.stage = o."subjectPart"
               WHERE o."subjectKind" = 'demand' AND o."subjectId" = ANY($1) AND o.status = 'paid'
                 AND s."paymentStatus" <> 'Paid') AS lost`,
    [demandIds, orderIds],
  );
  return { doubled: Number(row.doubled), lost: Number(row.lost) };
}

/** For each demand page that lacks stored events: the demand, how often it connected, and what it lacks. */
export async function missedEvents(cluster: ChaosCluster, pages: DemandPage[]): Promise<string[]> {
  const stored: { demandId: string; id: string; event: string; messageType: string; createdAt: Date }[] =
    await cluster.sql(
      `SELECT "demandId", id, event, "messageType", "createdAt" FROM demand_events WHERE "demandId" = ANY($1)`,
      [pages.map((p) => p.demandId)],
    );
  return pages.flatMap((page) => {
    const absent = stored.filter((e) => e.demandId === page.demandId && !page.events.has(Number(e.id)));
    return absent.length
      ? [
          `${page.demandId} (connected ${page.connects}×) lacks ` +
            absent
              .map((e) => `${e.id} ${e.event}/${e.messageType} at ${e.createdAt.toISOString()}`)
              .join(', '),
        ]
      : [];
  });
}

/** How many of these orders are not paid. */
export async function unpaidOrders(cluster: ChaosCluster, orderIds: string[]): Promise<number> {
  const [row] = await cluster.sql(
    `SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND status <> 'paid'`,
    [orderIds],
  );
  return Number(row.n);
}

/** The Startup and Preparation rows of these demands, to say where each stopped. */
export function stageStates(cluster: ChaosCluster, demandIds: string[]): Promise<object[]> {
  return cluster.sql(
    `SELECT "demandId", stage, status, "paymentStatus", "errorMessage", run, "updatedAt" FROM demand_stages
      WHERE "demandId" = ANY($1) AND stage IN ('Startup', 'Preparation') ORDER BY "demandId", stage DESC`,
    [demandIds],
  );
}
