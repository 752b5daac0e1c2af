import {
  SESSION_EXPIRED,
  type ClientEventsOf,
  type LiveNamespace,
  type ServerEventsOf,
} from '@think-tank/contracts';
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from './api-client';
import { currentLanguage } from './i18n';
import { LIVE_SOCKET_OPTIONS, keepLive } from './live-socket';

/** A socket of a live namespace, typed by the contract's LiveEvents. */
export type LiveSocket<N extends LiveNamespace> = Socket<ServerEventsOf<N>, ClientEventsOf<N>>;

/**
 * The app's one way to open a live socket: signed in with the token and the reader's language, WebSocket only,
 * kept live (keepLive), and a session the server ended, or a token it refused, refreshed (a new token re-renders
 * the caller, which opens a fresh socket). Returns the socket, for the caller's events, and its close.
 */
export function openLiveSocket<N extends LiveNamespace>(namespace: N, token: string) {
  const socket: Socket = io(namespace, { auth: { token, lang: currentLanguage() }, ...LIVE_SOCKET_OPTIONS });
  const close = keepLive(socket);
  socket.on(SESSION_EXPIRED, () => void refreshSession());
  socket.on('connect_error', (err) => err.message === 'UNAUTHORIZED' && void refreshSession());
  return { socket: socket as unknown as LiveSocket<N>, close };
}
