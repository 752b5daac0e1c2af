import { NOTIFICATIONS_NAMESPACE, NotificationEvent, type MessageItem } from '@think-tank/contracts';
import { useCallback, useEffect, useState } from 'react';
import { openLiveSocket } from '../../lib/open-live-socket';
import { fetchUnreadCount } from './api/messages-api';

/** Messages pushed while the page is open, newest first; the panel keeps at most this many (customer-area §9). */
export const SOCKET_MESSAGES_KEPT = 10;

/**
 * The unread count and the messages pushed live, over a socket opened only with a token. A dropped socket, or one
 * that cannot connect, keeps reconnecting (LIVE_SOCKET_OPTIONS), is shown as reconnecting meanwhile, and asks for
 * the count again when it is back, so the bell catches up with what arrived in between. An expired token is refreshed
 * and the socket reopened (openLiveSocket); a 401 on the unread count that no refresh can mend ends the session, as every call does (the fetch
 * client).
 */
export function useNotifications(token: string | null) {
  const [unread, setUnread] = useState(0);
  const [pushed, setPushed] = useState<MessageItem[]>([]);
  const [reconnecting, setReconnecting] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchUnreadCount().then(
      (c) => live && setUnread(c.count),
      () => undefined,
    );
    const { socket, close } = openLiveSocket(NOTIFICATIONS_NAMESPACE, token);
    socket.on('connect', () => {
      setReconnecting(false);
      socket.emit(NotificationEvent.requestUnreadCount);
    });
    // Dropped by the network or by a server going away, not closed by this page.
    socket.on('disconnect', (reason) => live && reason !== 'io client disconnect' && setReconnecting(true));
    socket.on(NotificationEvent.unreadCountUpdate, (c) => setUnread(c.count));
    socket.on(NotificationEvent.newMessage, (m) =>
      setPushed((list) => [m, ...list.filter((x) => x._id !== m._id)].slice(0, SOCKET_MESSAGES_KEPT)),
    );
    // Not reached at all (a network or proxy that blocks WebSocket, the only transport) shows as reconnecting
    // from the start rather than as a silent bell; a refused token is refreshed by openLiveSocket.
    socket.on('connect_error', (err) => live && err.message !== 'UNAUTHORIZED' && setReconnecting(true));
    return () => {
      live = false;
      close();
    };
  }, [token]);

  const readOne = useCallback(() => setUnread((n) => Math.max(0, n - 1)), []);
  const readAll = useCallback(() => setUnread(0), []);
  return { unread, pushed, readOne, readAll, reconnecting };
}
