import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import {
  DEMAND_EVENTS_NAMESPACE,
  NOTIFICATIONS_NAMESPACE,
  type LiveNamespace,
  type ServerEventsOf,
} from '@think-tank/contracts';
import type Redis from 'ioredis';
import { MessageType, type ClusterMessage } from 'socket.io-adapter';
import { AppConfig } from '../config/app-config';
import { logConnectionErrors } from '../redis/connection-errors';
import { closeRedis, connectRedis } from '../redis/redis-connection';
import { shardedChannel, socketChannel } from './socket-adapter';

/** The room of one user's sockets in one language (messages are pushed already translated). */
export const userRoom = (userId: string, lang?: string) =>
  lang ? `user:${userId}:${lang}` : `user:${userId}`;

/** socket.io-parser's EVENT packet, the kind `socket.emit` sends. */
const EVENT_PACKET = 2;
/** The sender id the adapters know for a process that holds no sockets (socket.io-adapter's EMITTER_UID). */
const EMITTER = 'emitter';

/**
 * Pushes socket events through Redis, so the API and background workers alike reach any replica's sockets
 * without holding any. Messages are the sharded adapter's (socket-adapter.ts): a room's event goes on the room's
 * own sharded channel, which only the replicas holding a socket in that room subscribe to; with
 * SOCKET_ADAPTER=classic, the classic adapter's alone.
 */
@Injectable()
export class SocketPush implements OnApplicationShutdown {
  private readonly redis: Redis;
  /**
   * The classic adapter's channels: SOCKET_ADAPTER=classic's, and those the previous release's API pods listen on
   * while a rollout lasts (docs/operations/releases.md; a sharded deployment stops publishing there a release later).
   */
  private readonly classic: Emitter;
  private readonly logger = new Logger(SocketPush.name);

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    this.redis = logConnectionErrors(
      connectRedis(config.socketRedis, { maxRetriesPerRequest: 2 }),
      SocketPush.name,
    );
    // The emitter publishes without awaiting: a publish to a Redis that is down is logged here, never left
    // unhandled. A push is best effort; what it announces is stored, and clients catch up when they reconnect.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        this.redis.publish(channel, message).catch((e: Error) => this.dropped(e)),
    };
    this.classic = new Emitter(publisher, { key: socketChannel(config) });
  }

  /** Publishes a message of the cluster adapters' protocol on a sharded channel. */
  private publish(channel: string, message: ClusterMessage): void {
    if (this.config.socketAdapter === 'classic') return; // a Redis that may not know SPUBLISH
    this.redis.spublish(channel, JSON.stringify(message)).catch((e: Error) => this.dropped(e));
  }

  private lastWarning = 0;
  /** One warning a minute at most, however many pushes an outage drops. */
  private dropped(e: Error): void {
    if (Date.now() - this.lastWarning < 60_000) return;
    this.lastWarning = Date.now();
    this.logger.warn(`socket pushes are being dropped: ${e.message}`);
  }

  /** An event of the namespace's contract (LiveEvents), with the arguments its clients expect. */
  toRoom<N extends LiveNamespace, E extends keyof ServerEventsOf<N> & string>(
    namespace: N,
    room: string,
    event: E,
    ...args: ServerEventsOf<N>[E] extends (...a: infer A) => void ? A : never
  ): void {
    this.publish(shardedChannel(this.config, namespace, room), {
      uid: EMITTER,
      nsp: namespace,
      type: MessageType.BROADCAST,
      data: {
        opts: { rooms: [room], except: [], flags: {} },
        packet: { type: EVENT_PACKET, data: [event, ...args], nsp: namespace },
      },
    });
    this.classic
      .of(namespace)
      .to(room)
      .emit(event, ...args);
  }

  /** Closes every socket of the user, in every namespace (logout, password reset, account disabled). */
  disconnectUser(userId: string): void {
    for (const namespace of [NOTIFICATIONS_NAMESPACE, DEMAND_EVENTS_NAMESPACE]) {
      // On the namespace's channel, which every replica subscribes to.
      this.publish(shardedChannel(this.config, namespace), {
        uid: EMITTER,
        nsp: namespace,
        type: MessageType.DISCONNECT_SOCKETS,
        data: { opts: { rooms: [userRoom(userId)], except: [], flags: {} }, close: true },
      });
      this.classic.of(namespace).in(userRoom(userId)).disconnectSockets(true);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}
