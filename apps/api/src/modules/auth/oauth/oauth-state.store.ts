import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '@think-tank/contracts';
import type { StateStore, StateStoreStoreCallback, StateStoreVerifyCallback } from 'passport-oauth2';
import { browserBinding, STATE_TTL_SECONDS } from './oauth-binding';

/**
 * The `state` of an authorisation request, kept in Redis (the API is stateless, no sessions):
 * issued once, checked once by passport-oauth2 on the callback, and bound to its provider and to the browser
 * that asked for it (oauth-binding.ts).
 */
export class OAuthStateStore implements StateStore {
  constructor(
    private readonly redis: Redis,
    private readonly provider: OAuthProvider,
  ) {}

  /** A state for this provider and the browser whose binding hash is given. */
  async issue(binding: string): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    await this.redis.set(`oauth:state:${state}`, `${this.provider}:${binding}`, 'EX', STATE_TTL_SECONDS);
    return state;
  }

  // passport-oauth2's store interface. States are issued by OAuthService.authorizationUrl, never by passport
  // (the callback route refuses a request without a code, which is when passport would ask for one).
  store(_req: unknown, ...args: unknown[]): void {
    const callback = args[args.length - 1] as StateStoreStoreCallback;
    callback(new Error('states are issued by POST /api/auth/:provider'), undefined);
  }

  // The callback is always the last argument (with or without `meta`).
  verify(
    req: { headers: Record<string, string | string[] | undefined> },
    state: string,
    ...args: unknown[]
  ): void {
    const callback = args[args.length - 1] as StateStoreVerifyCallback;
    const binding = browserBinding(req as never);
    if (typeof state !== 'string' || !/^[A-Za-z0-9_-]{32}$/.test(state) || !binding)
      return callback(null, false, { message: 'bad state' });
    this.redis.getdel(`oauth:state:${state}`).then(
      (stored) => {
        const ok = stored === `${this.provider}:${binding}`;
        callback(null, ok, ok ? state : { message: 'bad state' });
      },
      (err: Error) => callback(err, false, undefined),
    );
  }
}
