import type Redis from 'ioredis';

/** The oldest Redis the product is tested on (docs/configuration.md). */
const MIN_MAJOR = 7;

/**
 * What this Redis lacks of the product's needs, as warnings for the worker to log at start: version 7 or newer,
 * and `maxmemory-policy noeviction` (an evicting Redis may drop queued jobs, locks and rate-limit counters).
 */
export async function redisShortcomings(redis: Redis): Promise<string[]> {
  const problems: string[] = [];
  const info = await redis.info('server');
  const version = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
  if (!(Number(version.split('.')[0]) >= MIN_MAJOR))
    problems.push(`Redis ${version} is older than ${MIN_MAJOR}: use Redis ${MIN_MAJOR} or newer`);
  const policy = await redis
    .config('GET', 'maxmemory-policy')
    .then((pair) => (pair as string[])[1] ?? 'unknown')
    .catch(() => 'unknown (CONFIG GET is not allowed)');
  if (policy !== 'noeviction')
    problems.push(
      `Redis maxmemory-policy is ${policy}: set it to noeviction, or jobs and counters may be evicted`,
    );
  return problems;
}
