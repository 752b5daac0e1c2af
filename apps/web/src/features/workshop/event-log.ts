import type { DemandEventPayload } from '@think-tank/contracts';

/**
 * The events a demand page holds, merged by id. Pushed and fetched events overlap and may arrive out of id order:
 * a socket back on line receives new pushes before its catch-up answers, and two transactions may commit out of
 * the order of their ids. So an event is never dropped for being older than the newest one held, nor shown twice.
 */
export class EventLog {
  private readonly held = new Set<number>();
  /**
   * The newest id the stored history has been fetched up to: the next catch-up asks for what follows it. Pushed
   * events do not move it, since a push may arrive ahead of one sent while the socket was down.
   */
  private fetchedUpTo = 0;

  /** Where the next catch-up starts (`events?after=`). */
  get after(): number {
    return this.fetchedUpTo;
  }

  /** The events not held yet, now held; `fetched` when they are the stored history's answer. */
  add(events: DemandEventPayload[], fetched: boolean): DemandEventPayload[] {
    const fresh = events.filter((e) => !this.held.has(e.id));
    for (const e of fresh) this.held.add(e.id);
    if (fetched) this.fetchedUpTo = Math.max(this.fetchedUpTo, ...events.map((e) => e.id));
    return fresh;
  }
}
