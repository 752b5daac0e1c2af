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
 * A server closes all its sockets at once (a deploy, its Redis subscriber back): each client comes back at a random
 * moment within this spread, so that thousands do not reconnect and catch up in the same second.
 */
export const RECONNECT_SPREAD_MS = 3000;

/**
 * socket.io retries a lost transport by itself (with its own random spread), but neither a socket the server
 * closed (a deploy closes its sockets; so does a server whose Redis or database came back, so that clients catch
 * up) nor one whose handshake the server refused: those are reopened here, at a random moment of a short spread. A handshake refused as UNAVAILABLE (the server could not check the
 * token during an outage) is asked again a little later; a revoked session fails its handshake as UNAUTHORIZED,
 * which the caller refreshes or ends. Returns how to close the socket for good, a pending retry included.
 */
export function keepLive(socket: Socket): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect')
      retry = setTimeout(() => socket.connect(), Math.random() * RECONNECT_SPREAD_MS);
  });
  socket.on('connect_error', (err) => {
    // Spread too: an outage refuses every client's handshake at once.
    if (err.message === 'UNAVAILABLE')
      retry = setTimeout(() => socket.connect(), UNAVAILABLE_RETRY_MS * (0.5 + Math.random()));
  });
  return () => {
    clearTimeout(retry);
    socket.close();
  };
}
