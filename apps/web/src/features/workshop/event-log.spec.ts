import type { DemandEventPayload } from '@think-tank/contracts';
import { describe, expect, it } from 'vitest';
import { EventLog } from './event-log';

const event = (id: number) =>
  ({ id, event: 'demand_progress', messageType: 'DETAIL', message: `e${id}` }) as DemandEventPayload;
const ids = (events: DemandEventPayload[]) => events.map((e) => e.id);

describe('EventLog (a demand page’s events, pushed and fetched)', () => {
  it('catches up after what was fetched, not after a push that came back with the socket', () => {
    const log = new EventLog();
    log.add([event(52), event(53)], true);
    // Socket down while 54 was sent; back on line, 55 is pushed before the catch-up answers.
    log.add([event(55)], false);
    expect(log.after).toBe(53);
    expect(ids(log.add([event(54), event(55)], true))).toEqual([54]);
    expect(log.after).toBe(55);
  });

  it('keeps an event older than the newest held (committed out of id order), and none twice', () => {
    const log = new EventLog();
    expect(ids(log.add([event(11)], false))).toEqual([11]);
    expect(ids(log.add([event(10)], false))).toEqual([10]);
    expect(ids(log.add([event(10), event(11), event(12)], true))).toEqual([12]);
  });
});
