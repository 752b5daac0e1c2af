import { parseSentinels, redisOptions, type RedisTarget } from './redis-connection';

const target = (url: string, sentinels = ''): RedisTarget => ({
  url,
  sentinels: parseSentinels(sentinels),
  sentinelName: 'tt',
});

describe('redisOptions', () => {
  it('connects to REDIS_URL’s server, with its credentials, database and TLS', () => {
    expect(redisOptions(target('rediss://app:p%40ss@cache.internal:6380/2'))).toMatchObject({
      host: 'cache.internal',
      port: 6380,
      username: 'app',
      password: 'p@ss',
      db: 2,
      tls: {},
    });
    expect(redisOptions(target('redis://[::1]'))).toMatchObject({ host: '::1', port: 6379, db: 0 });
  });

  it('asks the Sentinels for the primary when REDIS_SENTINELS is set, keeping REDIS_URL’s password', () => {
    const options = redisOptions(target('redis://:secret@ignored:1/1', 'a:26379, [fd00::1]:26380'));
    expect(options).toMatchObject({
      sentinels: [
        { host: 'a', port: 26379 },
        { host: 'fd00::1', port: 26380 },
      ],
      name: 'tt',
      password: 'secret',
      db: 1,
    });
    expect(options).not.toHaveProperty('host');
  });

  it('reconnects and resends a command refused with READONLY (a primary that failed over), and only then', () => {
    const { reconnectOnError } = redisOptions(target('redis://localhost'));
    expect(reconnectOnError?.(new Error("READONLY You can't write against a read only replica."))).toBe(2);
    expect(reconnectOnError?.(new Error('ERR wrong number of arguments'))).toBe(false);
  });
});
