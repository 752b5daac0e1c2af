import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../token.service';

/**
 * A third-party sign-in belongs to the browser that started it. `POST /auth/<provider>` sets this httpOnly,
 * SameSite=Lax cookie; the `state` and the exchange code remember its hash, and the callback and
 * `POST /exchange` accept them only from a browser that sends it back (no login CSRF, no code used elsewhere).
 */
const COOKIE = 'tt_oauth';
const PATH = '/api/auth';

/** A new binding, set on the reply; answers the hash to store with the state. */
export function bindBrowser(reply: FastifyReply, secure: boolean, maxAgeSeconds: number): string {
  const binding = randomBytes(24).toString('base64url');
  reply.header(
    'set-cookie',
    `${COOKIE}=${binding}; Path=${PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
  return sha256(binding);
}

/** The hash of the binding the browser sent, or undefined. */
export function browserBinding(req: Pick<FastifyRequest, 'headers'>): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name === COOKIE && value && /^[\w-]{32}$/.test(value)) return sha256(value);
  }
  return undefined;
}

/** The flow is over (the code was traded): the cookie goes. */
export function unbindBrowser(reply: FastifyReply): void {
  reply.header('set-cookie', `${COOKIE}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
}
