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

/** How long a socket waits before asking again after the server could not judge its handshake (an outage). */
const UNAVAILABLE_RETRY_MS = 3000;

/**
 * socket.io retries a lost transport by itself, but neither a socket the server closed (a deploy closes its
 * sockets; so does a server whose Redis or database came back, so that clients catch up) nor one whose handshake
 * the server refused: those are reopened here. A handshake refused as UNAVAILABLE (the server could not check the
 * token during an outage) is asked again a little later; a revoked session fails its handshake as UNAUTHORIZED,
 * which the caller refreshes or ends. Returns how to close the socket for good, a pending retry included.
 */
export function keepLive(socket: Socket): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('disconnect', (reason) => reason === 'io server disconnect' && socket.connect());
  socket.on('connect_error', (err) => {
    if (err.message === 'UNAVAILABLE') retry = setTimeout(() => socket.connect(), UNAVAILABLE_RETRY_MS);
  });
  return () => {
    clearTimeout(retry);
    socket.close();
  };
}
