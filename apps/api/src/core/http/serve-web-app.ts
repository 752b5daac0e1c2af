import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sendError } from '../errors/error-responder';

const ASSETS = '/assets/';

/** The viewer's client route names generated files (`/demand-lab/<lab>/prd.html`): still the app, not an asset. */
const FILE_NAMED_ROUTES = '/demand-lab/';

/**
 * Serves the built web app from the API's own port: hashed assets cached for a year (brotli or gzip where the
 * browser takes it), and every other
 * GET that is not an API path nor a file answered with index.html (client-side routes).
 * The catch-all is a wildcard route, which Fastify ranks below every API route.
 */
export function serveWebApp(
  fastify: FastifyInstance,
  webDist: string | undefined,
  notFound: () => Error,
  /** Security headers every response carries that an asset's drops (documentOnly). */
  documentHeaders: readonly string[],
): void {
  const root = webDist ? resolve(webDist) : undefined;
  if (!root || !existsSync(join(root, 'index.html'))) return;
  const index = readFileSync(join(root, 'index.html'));
  fastify.register(async (files) => {
    files.addHook('onSend', async (request, reply) => {
      // The same URL is sent in three encodings: caches must keep them apart (after CORS's own Vary: Origin).
      reply.header('vary', 'Origin, Accept-Encoding');
      // A hashed script or stylesheet carries only the security headers that apply to it (ASSET_SECURITY_HEADERS).
      if (request.url.startsWith(ASSETS)) for (const name of documentHeaders) reply.removeHeader(name);
    });
    files.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/precompress.mjs): sent to browsers that accept them.
      preCompressed: true,
      // Not send's own Cache-Control (public, max-age=0), which it would write over setHeaders' one.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes(ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    const file = /\.[a-z0-9]+$/i.test(path) && !path.startsWith(FILE_NAMED_ROUTES);
    if (path === '/api' || path.startsWith('/api/') || file) return sendError(notFound(), request, reply);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  });
}
