import Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { logConnectionErrors } from './connection-errors';

export const REDIS = Symbol('REDIS');

/** The app's Redis connection; every key lives under REDIS_PREFIX so deployments can share one Redis. */
export function createRedis(config: AppConfig): Redis {
  return logConnectionErrors(
    new Redis(config.redisUrl, { keyPrefix: `${config.redisPrefix}:`, maxRetriesPerRequest: 2 }),
    'Redis',
  );
}
