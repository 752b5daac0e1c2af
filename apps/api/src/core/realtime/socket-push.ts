import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { DEMAND_EVENTS_NAMESPACE, NOTIFICATIONS_NAMESPACE } from '@think-tank/contracts';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { socketChannel } from './socket-adapter';

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

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    this.emitter = new Emitter(this.redis, { key: socketChannel(config) });
  }

  toRoom(namespace: string, room: string, event: string, payload: unknown): void {
    this.emitter.of(namespace).to(room).emit(event, payload);
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
