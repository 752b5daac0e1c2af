import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../token.service';

/**
 * A third-party sign-in belongs to the browser that started it. `POST /auth/<provider>` sets this httpOnly,
 * SameSite=Lax cookie; the `state` and the exchange code remember its hash, and the callback and
 * `POST /exchange` accept them only from a browser that sends it back (no login CSRF, no code used elsewhere).
 */
/** How long a sign-in may take from its start to the callback: a state, and the cookie, live this long. */
export const STATE_TTL_SECONDS = 600;
const COOKIE = 'tt_oauth';
const PATH = '/api/auth';

/** A new binding for as long as a state lives, set on the reply (Secure on an https site); answers its hash. */
export function bindBrowser(reply: FastifyReply, publicUrl: string): string {
  const binding = randomBytes(24).toString('base64url');
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${COOKIE}=${binding}; Path=${PATH}; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
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
