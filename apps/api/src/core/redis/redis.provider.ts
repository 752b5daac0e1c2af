import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { logConnectionErrors } from './connection-errors';
import { connectRedis } from './redis-connection';

export const REDIS = Symbol('REDIS');

/** The app's Redis connection; every key lives under REDIS_PREFIX so deployments can share one Redis. */
export function createRedis(config: AppConfig): Redis {
  return logConnectionErrors(
    connectRedis(config.redis, { keyPrefix: `${config.redisPrefix}:`, maxRetriesPerRequest: 2 }),
    'Redis',
  );
}
