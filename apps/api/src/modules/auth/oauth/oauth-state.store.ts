import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '@think-tank/contracts';
import type { StateStore, StateStoreStoreCallback, StateStoreVerifyCallback } from 'passport-oauth2';

const STATE_TTL_SECONDS = 600;

/**
 * The `state` of an authorisation request, kept in Redis (the API is stateless, no sessions):
 * issued once, checked once by passport-oauth2 on the callback, and bound to its provider.
 */
export class OAuthStateStore implements StateStore {
  constructor(
    private readonly redis: Redis,
    private readonly provider: OAuthProvider,
  ) {}

  async issue(): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    await this.redis.set(`oauth:state:${state}`, this.provider, 'EX', STATE_TTL_SECONDS);
    return state;
  }

  // passport-oauth2's store interface; the callback is always the last argument (with or without `meta`).
  store(_req: unknown, ...args: unknown[]): void {
    const callback = args[args.length - 1] as StateStoreStoreCallback;
    this.issue().then(
      (state) => callback(null, state),
      (err: Error) => callback(err, undefined),
    );
  }

  verify(_req: unknown, state: string, ...args: unknown[]): void {
    const callback = args[args.length - 1] as StateStoreVerifyCallback;
    if (typeof state !== 'string' || !/^[A-Za-z0-9_-]{32}$/.test(state))
      return callback(null, false, { message: 'bad state' });
    this.redis.getdel(`oauth:state:${state}`).then(
      (provider) =>
        callback(
          null,
          provider === this.provider,
          provider === this.provider ? state : { message: 'bad state' },
        ),
      (err: Error) => callback(err, false, undefined),
    );
  }
}
