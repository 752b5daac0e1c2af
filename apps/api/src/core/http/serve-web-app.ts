import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sendError } from '../errors/error-responder';

/** Where the web app's hashed scripts and stylesheets are served. */
export const WEB_ASSETS = '/assets/';

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
): void {
  const root = webDist ? resolve(webDist) : undefined;
  if (!root || !existsSync(join(root, 'index.html'))) return;
  const index = readFileSync(join(root, 'index.html'));
  fastify.register(async (files) => {
    // The same URL is sent in three encodings: caches must keep them apart (after CORS's own Vary: Origin).
    files.addHook('onSend', async (_request, reply) => {
      reply.header('vary', 'Origin, Accept-Encoding');
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
          path.includes(WEB_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });
  fastify.get('/*', (request, reply) => {
    const path = request.url.split('?')[0];
    // A file's name, or any path under the assets (never a page: assets go without the page's CSP).
    const file =
      (/\.[a-z0-9]+$/i.test(path) && !path.startsWith(FILE_NAMED_ROUTES)) || path.startsWith(WEB_ASSETS);
    if (path === '/api' || path.startsWith('/api/') || file) return sendError(notFound(), request, reply);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  });
}
