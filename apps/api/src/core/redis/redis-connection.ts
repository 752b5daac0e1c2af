import Redis, { type RedisOptions } from 'ioredis';

/** Where Redis is: REDIS_URL's server, or the primary that REDIS_SENTINELS name REDIS_SENTINEL_NAME. */
export interface RedisTarget {
  url: string;
  sentinels: { host: string; port: number }[];
  sentinelName: string;
  sentinelPassword?: string;
}

/** `host:port,host:port` (a bracketed IPv6 host allowed), as REDIS_SENTINELS is written. */
export function parseSentinels(list: string | undefined): RedisTarget['sentinels'] {
  if (!list) return [];
  return list.split(',').map((entry) => {
    const { hostname, port } = new URL(`redis://${entry.trim()}`);
    return { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 26379) };
  });
}

/**
 * The connection options every client of the app shares (cache and limits, Bull's three connections, the socket.io
 * adapter and emitter). With Sentinels, REDIS_URL gives only the credentials, the database and TLS: ioredis asks
 * the Sentinels for the primary, and again after a failover.
 */
export function redisOptions(target: RedisTarget): RedisOptions {
  const url = new URL(target.url);
  const tls = url.protocol === 'rediss:' ? {} : undefined;
  const common: RedisOptions = {
    username: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    db: Number(url.pathname.slice(1) || 0),
    tls,
    // A primary that failed over comes back as a replica and refuses writes with READONLY, while a managed
    // service's address already points at the new one: reconnect (through the Sentinels, or DNS) and resend.
    reconnectOnError: (e) => (e.message.startsWith('READONLY') ? 2 : false),
  };
  if (!target.sentinels.length)
    return { ...common, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 6379) };
  return {
    ...common,
    sentinels: target.sentinels,
    name: target.sentinelName,
    sentinelPassword: target.sentinelPassword,
    enableTLSForSentinelMode: !!tls,
  };
}

/** A new client on the configured Redis, with `extra` options (a key prefix, retries per command). */
export const connectRedis = (target: RedisTarget, extra: RedisOptions = {}): Redis =>
  new Redis({ ...redisOptions(target), ...extra });

/** Where the logs say Redis is, without its password. */
export const describeRedis = (target: RedisTarget): string =>
  target.sentinels.length
    ? `primary "${target.sentinelName}" of the Sentinels ${target.sentinels.map((s) => `${s.host}:${s.port}`).join(', ')}`
    : `${new URL(target.url).hostname}:${new URL(target.url).port || 6379}`;

/**
 * Ends a client: QUIT, which waits for the commands sent before it (a push just made goes out), or, when no Redis
 * answers within `graceMs`, the socket is dropped: a QUIT queued while the client reconnects waits for a Redis that
 * may not come back (a client without a retry limit waits for ever), and a shutdown would stall to its kill.
 */
export async function closeRedis(client: Redis, graceMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise((done) => (timer = setTimeout(done, graceMs)));
  // A QUIT left waiting is never answered once the client is dropped (ioredis then stops reconnecting): raced.
  await Promise.race([client.quit().catch(() => undefined), gaveUp]);
  clearTimeout(timer);
  client.disconnect();
}
