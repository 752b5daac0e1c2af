import { languageOf, type Language, type SocketAuth } from '@think-tank/contracts';
import type { KeyObject } from 'node:crypto';
import type { Namespace, Socket } from 'socket.io';
import { verifyAccessToken } from '../auth/access-token';
import { userRoom } from './socket-push';

export interface SocketUser {
  userId: string;
  lang: Language;
}

/**
 * Admits only sockets whose handshake carries a valid access token (a refused one gets `connect_error`
 * UNAUTHORIZED), puts each in its user's rooms, and closes it when its token expires, after telling it so.
 */
export function authenticateSockets(namespace: Namespace, key: KeyObject): void {
  namespace.use((socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as Partial<SocketAuth>;
      const claims = verifyAccessToken(String(auth.token ?? ''), key);
      socket.data = { userId: claims.sub, lang: languageOf(auth.lang ?? 'zh') } satisfies SocketUser;
      const expiresIn = claims.exp * 1000 - Date.now();
      const timer = setTimeout(() => {
        socket.emit('session_expired');
        socket.disconnect(true);
      }, expiresIn);
      socket.on('disconnect', () => clearTimeout(timer));
      void socket.join([userRoom(claims.sub), userRoom(claims.sub, socket.data.lang)]);
      next();
    } catch {
      next(new Error('UNAUTHORIZED'));
    }
  });
}

export const socketUser = (socket: Socket): SocketUser => socket.data as SocketUser;
