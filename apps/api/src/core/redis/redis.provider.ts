import Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

/** The app's Redis connection; every key lives under REDIS_PREFIX so deployments can share one Redis. */
export function createRedis(config: AppConfig): Redis {
  return new Redis(config.redisUrl, { keyPrefix: `${config.redisPrefix}:`, maxRetriesPerRequest: 2 });
}
