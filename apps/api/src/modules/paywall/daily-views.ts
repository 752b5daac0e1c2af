import { shanghaiDay } from '../../core/time/shanghai-day';

/**
 * A paid reader's daily count of distinct solutions (contract §4), kept in Redis as one set per user and day.
 * TAKE_DAILY_VIEW counts a solution atomically: 1 when it was already counted or there was room, 0 when the
 * limit is reached. With one view left, concurrent requests for new solutions let exactly one through.
 */
export const TAKE_DAILY_VIEW = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1`;

/** How long a day's set outlives its day: long enough for any time zone's day to be over. */
export const DAILY_VIEWS_SECONDS = 2 * 24 * 3600;

export const dailyViewsKey = (userId: string, at = new Date()) => `views:${userId}:${shanghaiDay(at)}`;
