import { closeRedis } from './redis-connection';
import { DocumentTickets } from './document-tickets.service';
import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { RateLimiter } from './rate-limiter.service';
import { createRedis, REDIS } from './redis.provider';
import { RedisRestored } from './redis-restored.service';

@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [AppConfig], useFactory: createRedis },
    RateLimiter,
    RedisRestored,
    DocumentTickets,
  ],
  exports: [REDIS, RateLimiter, RedisRestored, DocumentTickets],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    await closeRedis(this.redis);
  }
}
