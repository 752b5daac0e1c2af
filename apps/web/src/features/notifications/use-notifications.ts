import {
  NOTIFICATIONS_NAMESPACE,
  NotificationEvent,
  type MessageItem,
  type UnreadCount,
} from '@think-tank/contracts';
import { useCallback, useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { fetchUnreadCount } from './api/messages-api';

/** Messages pushed while the page is open, newest first; the panel keeps at most this many (customer-area §9). */
export const SOCKET_MESSAGES_KEPT = 10;

/**
 * The unread count and the messages pushed live, over a socket opened only with a token: websocket first, then
 * polling. A dropped socket keeps reconnecting (1 s, backing off to 5 s, each attempt given 5 s: an outage of the
 * API or of Redis may last a while), is shown as reconnecting meanwhile, and asks for the count again when it is
 * back, so the bell catches up with what arrived in between. An expired token is refreshed and the socket
 * reopened; a 401 on the unread count that no refresh can mend ends the session, as every call does (the fetch
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
    const socket: Socket = io(NOTIFICATIONS_NAMESPACE, {
      auth: { token, lang: currentLanguage() },
      transports: ['websocket', 'polling'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      // An attempt that hangs (a network that drops packets) is given up after 5 s and tried again.
      timeout: 5000,
    });
    socket.on('connect', () => {
      setReconnecting(false);
      socket.emit(NotificationEvent.requestUnreadCount);
    });
    // Dropped by the network or by a server going away (a deploy closes its sockets), not closed by this page.
    // socket.io retries a lost transport by itself, but not a socket the server closed: that one is reopened
    // here (a revoked session then fails its handshake and is refreshed or ended, as above).
    socket.on('disconnect', (reason) => {
      if (!live || reason === 'io client disconnect') return;
      setReconnecting(true);
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on(NotificationEvent.unreadCountUpdate, (c: UnreadCount) => setUnread(c.count));
    socket.on(NotificationEvent.newMessage, (m: MessageItem) =>
      setPushed((list) => [m, ...list.filter((x) => x._id !== m._id)].slice(0, SOCKET_MESSAGES_KEPT)),
    );
    // A new token re-renders this hook with it, which opens a fresh socket.
    const renew = () => void refreshSession();
    socket.on('session_expired', renew);
    socket.on('connect_error', (err) => err.message === 'UNAUTHORIZED' && renew());
    return () => {
      live = false;
      socket.close();
    };
  }, [token]);

  const readOne = useCallback(() => setUnread((n) => Math.max(0, n - 1)), []);
  return { unread, pushed, readOne, reconnecting };
}
