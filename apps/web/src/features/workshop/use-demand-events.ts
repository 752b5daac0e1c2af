import { DEMAND_EVENTS_NAMESPACE, DemandSocketEvent, type DemandEventPayload } from '@think-tank/contracts';
import { useEffect, useRef, useState } from 'react';
import type { LiveSocket } from '../../lib/open-live-socket';
import { firstScreenSettled } from '../../lib/first-screen';
import { useSession } from '../../lib/use-session';

/**
 * Follows the demands' live events on /demand-events (demand-workshop §4): subscribes to each once connected,
 * hands every event to `onEvent`, and reports connection and subscription errors. It reconnects as every live
 * socket does (LIVE_SOCKET_OPTIONS); `connected` turns true once subscribed again, and the page then fetches what
 * it missed.
 */
export function useDemandEvents(
  demandIds: string[],
  onEvent: (e: DemandEventPayload) => void,
  onSubscriptionError?: (message: string) => void,
) {
  const { token } = useSession();
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ onEvent, onSubscriptionError });
  handlers.current = { onEvent, onSubscriptionError };
  const ids = demandIds.join(',');

  useEffect(() => {
    if (!token || !ids) return;
    let close: (() => void) | undefined;
    let ended = false;
    const follow = (socket: LiveSocket<typeof DEMAND_EVENTS_NAMESPACE>) => {
      socket.on('connect', () => {
        for (const demandId of ids.split(',')) socket.emit(DemandSocketEvent.subscribe, { demandId });
      });
      // Live once the server has joined the socket to a demand's room: what the page fetches from then on cannot
      // miss an event that is neither in its answer nor pushed.
      socket.on(DemandSocketEvent.subscribed, () => setConnected(true));
      socket.on('disconnect', () => setConnected(false));
      socket.on('connect_error', () => setConnected(false));
      for (const event of [DemandSocketEvent.progress, DemandSocketEvent.completed, DemandSocketEvent.error])
        socket.on(event, (e) => handlers.current.onEvent(e));
      socket.on(DemandSocketEvent.subscriptionError, (e) =>
        handlers.current.onSubscriptionError?.(e.message),
      );
    };
    // The socket's client (13 KB) loads once the first screen is drawn: a first visit draws from the fetched demand,
    // then goes live and catches up with what it missed.
    void firstScreenSettled()
      .then(() => import('../../lib/open-live-socket'))
      .then(({ openLiveSocket }) => {
        if (ended) return;
        const live = openLiveSocket(DEMAND_EVENTS_NAMESPACE, token);
        close = live.close;
        follow(live.socket);
      })
      .catch(() => undefined); // its chunk did not load: the page stays as fetched, shown as not live
    return () => {
      ended = true;
      close?.();
      setConnected(false);
    };
  }, [token, ids]);

  return { connected };
}
