import { SESSION_EXPIRED, languageOf, type Language, type SocketAuth } from '@think-tank/contracts';
import type { KeyObject } from 'node:crypto';
import type { Namespace, Socket } from 'socket.io';
import { verifyAccessToken } from '../auth/access-token';
import type { TokenVersions } from '../auth/token-versions.service';
import { userRoom } from './socket-push.service';

export interface SocketUser {
  userId: string;
  lang: Language;
}

/** Tells the socket its session is over and closes it. */
function endSession(socket: Socket): void {
  socket.emit(SESSION_EXPIRED);
  socket.disconnect(true);
}

/**
 * Admits only sockets whose handshake carries a valid, current access token (a refused one gets `connect_error`
 * UNAUTHORIZED), puts each in its user's rooms, checks the token is still current before every event it sends,
 * and closes it when its token expires or stops being current, after telling it so. While the database is away a
 * handshake is refused as UNAVAILABLE, which the client asks again later (web lib/live-socket.ts).
 */
export function authenticateSockets(namespace: Namespace, key: KeyObject, versions: TokenVersions): void {
  namespace.use((socket, next) => {
    let claims: ReturnType<typeof verifyAccessToken>;
    const auth = (socket.handshake.auth ?? {}) as Partial<SocketAuth>;
    try {
      claims = verifyAccessToken(String(auth.token ?? ''), key);
    } catch {
      return next(new Error('UNAUTHORIZED'));
    }
    Promise.resolve(versions.isCurrent(claims.sub, claims.ver, true, claims.sid)).then(
      (current) => {
        if (!current) return next(new Error('UNAUTHORIZED'));
        socket.data = { userId: claims.sub, lang: languageOf(auth.lang ?? 'zh') } satisfies SocketUser;
        const timer = setTimeout(() => endSession(socket), claims.exp * 1000 - Date.now());
        socket.on('disconnect', () => clearTimeout(timer));
        socket.use((_event, nextEvent) => {
          Promise.resolve(versions.isCurrent(claims.sub, claims.ver, false, claims.sid)).then(
            (still) => (still ? nextEvent() : endSession(socket)),
            // The event cannot be judged while the database is away, and dropping it silently would leave the
            // client waiting for an answer: the socket is closed, and its client reconnects and asks again.
            () => socket.disconnect(),
          );
        });
        void socket.join([userRoom(claims.sub), userRoom(claims.sub, socket.data.lang)]);
        next();
      },
      () => next(new Error('UNAVAILABLE')),
    );
  });
}

export const socketUser = (socket: Socket): SocketUser => socket.data as SocketUser;
