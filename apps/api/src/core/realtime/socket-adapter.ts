import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { DEMAND_EVENTS_NAMESPACE, NOTIFICATIONS_NAMESPACE } from '@think-tank/contracts';
import type Redis from 'ioredis';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { logConnectionErrors, onReconnected } from '../redis/connection-errors';
import { connectRedis } from '../redis/redis-connection';

/** The Redis channel prefix of socket.io, under REDIS_PREFIX; the emitter publishes on the same one. */
export const socketChannel = (config: AppConfig) => `${config.redisPrefix}:socket.io`;

/**
 * socket.io on the API's HTTP server with the Redis adapter always on, so that an event emitted by any replica
 * or worker reaches a user's sockets wherever they are connected. Browsers from another origin are refused.
 * WebSocket only: a long-polling session is a series of requests that must all reach the replica holding it, which
 * a round-robin balancer (the Ingress, the compose proxy) does not promise; one WebSocket is one connection.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      transports: ['websocket'],
      cors: { origin: [this.config.publicUrl], credentials: true },
      allowRequest: (req: IncomingMessage, done: (err: string | null, ok: boolean) => void) => {
        const origin = req.headers.origin;
        done(null, !origin || origin === this.config.publicUrl);
      },
    });
    const pub = logConnectionErrors(
      connectRedis(this.config.redis, { maxRetriesPerRequest: 2 }),
      'SocketAdapter',
    );
    const sub = logConnectionErrors(pub.duplicate(), 'SocketAdapter');
    this.clients.push(pub, sub);
    // A subscriber cut off from Redis missed what other replicas and the workers pushed meanwhile: once it is back,
    // this replica's sockets are closed by the server, so that clients reconnect at once and fetch what they
    // missed (the unread count, a demand's events after the last one they hold).
    onReconnected(sub, () =>
      // ioredis says ready before it subscribes again: a PING sent after that is answered once the subscriptions
      // are back, and only then may clients come back, or an event pushed in between would be missed again.
      setImmediate(() =>
        sub.ping().then(
          () => {
            for (const namespace of [NOTIFICATIONS_NAMESPACE, DEMAND_EVENTS_NAMESPACE])
              server.of(namespace).local.disconnectSockets();
          },
          () => undefined, // lost again: the next reconnection tries again
        ),
      ),
    );
    server.adapter(createAdapter(pub, sub, { key: socketChannel(this.config) }));
    // The root namespace serves nothing: every connection to it is refused, as an unauthorized one (contract §11).
    server.of('/').use((_socket, next) => next(new Error('UNAUTHORIZED')));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.clients.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
  }
}
