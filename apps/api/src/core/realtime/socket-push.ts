import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import {
  DEMAND_EVENTS_NAMESPACE,
  NOTIFICATIONS_NAMESPACE,
  type LiveNamespace,
  type ServerEventsOf,
} from '@think-tank/contracts';
import type Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { socketChannel } from './socket-adapter';
import { logConnectionErrors } from '../redis/connection-errors';
import { connectRedis } from '../redis/redis-connection';

/** The room of one user's sockets in one language (messages are pushed already translated). */
export const userRoom = (userId: string, lang?: string) =>
  lang ? `user:${userId}:${lang}` : `user:${userId}`;

/**
 * Pushes socket events through Redis (the socket.io emitter), so the API and background workers alike reach
 * any replica's sockets without holding any.
 */
@Injectable()
export class SocketPush implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly emitter: Emitter;
  private readonly logger = new Logger(SocketPush.name);

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.redis = logConnectionErrors(
      connectRedis(config.redis, { maxRetriesPerRequest: 2 }),
      SocketPush.name,
    );
    // The emitter publishes without awaiting: a publish to a Redis that is down is logged here, never left
    // unhandled. A push is best effort; what it announces is stored, and clients catch up when they reconnect.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        this.redis.publish(channel, message).catch((e: Error) => this.dropped(e)),
    };
    this.emitter = new Emitter(publisher, { key: socketChannel(config) });
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
    this.emitter
      .of(namespace)
      .to(room)
      .emit(event, ...args);
  }

  /** Closes every socket of the user, in every namespace (logout, password reset, account disabled). */
  disconnectUser(userId: string): void {
    for (const namespace of [NOTIFICATIONS_NAMESPACE, DEMAND_EVENTS_NAMESPACE])
      this.emitter.of(namespace).in(userRoom(userId)).disconnectSockets(true);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
