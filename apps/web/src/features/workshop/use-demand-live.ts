import { progressMessage, type DemandDetail, type DemandEventPayload } from '@think-tank/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { currentLanguage } from '../../lib/i18n';
import { fetchDemandEvents } from './api/workshop-api';
import type { LiveLine } from './components/LivePanel';
import { EventLog } from './event-log';
import { useDemandEvents } from './use-demand-events';

/** An event as the live panel shows it: in the reader's language when the event carries its line's key. */
const toLine = (e: DemandEventPayload): LiveLine => ({
  ...e,
  key: String(e.id),
  message: e.messageKey ? progressMessage(e.messageKey, e.params ?? {}, currentLanguage()) : e.message,
});

/**
 * One demand, live (demand-workshop §4): the stored history and every pushed event as panel lines, the status the
 * events imply until the demand is fetched again, and the page's own notices. A stage's end is its one
 * `demand_completed` (or a `demand_error`): the demand is fetched again then. Reconnected, it fetches what it missed.
 */
export function useDemandLive(demandId: string, demand: DemandDetail | undefined, refresh: () => void) {
  const [lines, setLines] = useState<LiveLine[]>([]);
  const [liveStatus, setLiveStatus] = useState<DemandDetail['overallStatus'] | null>(null);
  const log = useRef(new EventLog());

  const shown = useRef(demand);
  shown.current = demand;
  const refreshing = useRef(refresh);
  refreshing.current = refresh;

  const addEvents = useCallback((events: DemandEventPayload[], fetched: boolean) => {
    const fresh = log.current.add(events, fetched);
    setLines((list) => (fresh.length ? [...list, ...fresh.map(toLine)] : list));
    return fresh;
  }, []);
  // Events fetched rather than pushed (a page opened, or a socket back) may end a stage that the demand on screen
  // still shows running: a stage may finish between the page's fetch and its subscription.
  const catchUp = useCallback(() => {
    fetchDemandEvents(demandId, log.current.after).then(
      (events) => {
        const ended = addEvents(events, true).some(
          (e) =>
            e.event !== 'demand_progress' &&
            shown.current?.stagesData[e.stage].status !==
              (e.event === 'demand_error' ? 'Error' : 'Completed'),
        );
        if (ended) refreshing.current();
      },
      () => undefined,
    );
  }, [demandId, addEvents]);
  // The history is held against the demand on screen, so it is taken once that is there (a first visit asks for
  // both at once: the events may come first).
  const hasDemand = demand !== undefined;
  useEffect(() => {
    if (hasDemand) catchUp();
  }, [catchUp, hasDemand]);

  /** A notice of the page itself (a subscription refused), shown as a warning line. */
  const notice = (message: string) =>
    setLines((list) => [
      ...list,
      {
        key: `sys-${Date.now()}-${list.length}`,
        stage: null,
        messageType: 'WARNING',
        message,
        details: null,
        timestamp: new Date().toISOString(),
      },
    ]);

  const { connected } = useDemandEvents(
    demand ? [demand._id] : [],
    (e) => {
      addEvents([e], false);
      if (e.event === 'demand_error' || e.messageType === 'ERROR') {
        setLiveStatus('Error');
        refresh();
      } else if (e.event === 'demand_completed' || e.messageType === 'COMPLETED') {
        setLiveStatus('Completed');
        refresh();
      } else setLiveStatus((s) => (s === 'Completed' || s === 'Error' ? s : 'Processing'));
    },
    notice,
  );
  useEffect(() => {
    if (connected) catchUp();
  }, [connected, catchUp]);
  // A fetched demand says where it stands again.
  useEffect(() => setLiveStatus(null), [demand]);

  return { lines, connected, liveStatus };
}
