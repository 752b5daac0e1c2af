import { DEMAND_EVENTS_NAMESPACE, DemandSocketEvent, type DemandEventPayload } from '@think-tank/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../auth';
import { openLiveSocket } from '../../lib/open-live-socket';

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
    const { socket, close } = openLiveSocket(DEMAND_EVENTS_NAMESPACE, token);
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
    socket.on(DemandSocketEvent.subscriptionError, (e) => handlers.current.onSubscriptionError?.(e.message));
    return () => {
      close();
      setConnected(false);
    };
  }, [token, ids]);

  return { connected };
}
