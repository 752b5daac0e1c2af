import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

/**
 * How every live socket of the app connects: WebSocket only, as the server accepts (no replica has to hold a polling
 * session, so no balancer needs sticky sessions); without an attempt limit (an outage of the API or of Redis may
 * last a while), 1 s backing off to 5 s, each attempt given 5 s before it is retried.
 */
export const LIVE_SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  transports: ['websocket'],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 5000,
};

/**
 * socket.io retries a lost transport by itself, but not a socket the server closed (a deploy closes its
 * sockets): that one is reopened here. A revoked session then fails its handshake and is refreshed or ended.
 */
export function reopenWhenServerCloses(socket: Socket): void {
  socket.on('disconnect', (reason) => reason === 'io server disconnect' && socket.connect());
}
