import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { DEMAND_EVENTS_NAMESPACE, NOTIFICATIONS_NAMESPACE } from '@think-tank/contracts';
import type Redis from 'ioredis';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { handleEveryReply, logConnectionErrors, onReconnected } from '../redis/connection-errors';
import { closeRedis, connectRedis } from '../redis/redis-connection';

/** The Redis channel prefix of socket.io, under REDIS_PREFIX; SocketPush publishes on the same one. */
export const socketChannel = (config: AppConfig) => `${config.redisPrefix}:socket.io`;

/**
 * A sharded adapter's channel: the namespace's, which every replica subscribes to, or a room's, which only the
 * replicas holding a socket in that room do (its "dynamic" subscription mode).
 */
export const shardedChannel = (config: AppConfig, namespace: string, room?: string) =>
  `${socketChannel(config)}#${namespace}#${room === undefined ? '' : `${room}#`}`;

/**
 * socket.io on the API's HTTP server with a Redis adapter always on (sharded unless SOCKET_ADAPTER=classic), on
 * SOCKET_REDIS_URL's Redis, so that an event emitted by any replica or worker reaches a user's sockets wherever they
 * are connected. Browsers from another origin are refused.
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
      connectRedis(this.config.socketRedis, { maxRetriesPerRequest: 2 }),
      'SocketAdapter',
    );
    // A room's subscription, asked when a socket joins or leaves while Redis is away, waits for the connection rather
    // than failing (the adapter does not handle the failure); ioredis subscribes again on reconnection anyway.
    // Named, so that CLIENT LIST tells which process a subscriber belongs to (the chaos run cuts one).
    // The adapters do not handle their subscriptions' replies either: one queued at shutdown fails (handleEveryReply).
    const sub = handleEveryReply(
      logConnectionErrors(
        pub.duplicate({ maxRetriesPerRequest: null, connectionName: `socket-subscriber-${process.pid}` }),
        'SocketAdapter',
      ),
    );
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
    // Sharded Pub/Sub (Redis 7): a replica receives the events of the rooms it holds sockets in, not every event of
    // the cluster; with many replicas, each one's share of the traffic shrinks instead of staying the whole. The
    // classic adapter hands every event to every replica (bench/results.md › Sockets, both measured).
    server.adapter(
      this.config.socketAdapter === 'classic'
        ? createAdapter(pub, sub, { key: socketChannel(this.config) })
        : createShardedAdapter(pub, sub, {
            channelPrefix: socketChannel(this.config),
            subscriptionMode: 'dynamic',
          }),
    );
    // The root namespace serves nothing: every connection to it is refused, as an unauthorized one (contract §11).
    server.of('/').use((_socket, next) => next(new Error('UNAUTHORIZED')));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.clients.splice(0).map(closeRedis));
  }
}
