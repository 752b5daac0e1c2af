import { isStaff } from '@think-tank/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppModule } from './app.module';
import type { AppConfig } from './core/config/app-config';
import { accessKeyOf, verifyAccessToken, type AccessClaims } from './core/auth/access-token';
import { TokenVersions } from './core/auth/token-versions.service';
import { AppError } from './core/errors/app-error';
import { clientErrorHandler, sendError } from './core/errors/error-responder';
import { toErrorBody } from './core/errors/error-body';
import { createValidationPipe } from './core/errors/validation-pipe';
import { AppLogger, createRootLogger, loggableUrl } from './core/logging/app-logger';
import { assetHeaders, helmetOptions, securityHeaders } from './core/http/security-headers';
import { RedisIoAdapter } from './core/realtime/socket-adapter';
import { API_VERSION } from './core/http/api-version';
import { serveWebApp, WEB_ASSETS } from './core/http/serve-web-app';
import { refuseDeepBodies } from './core/http/body-depth';
import { MetricsService } from './core/metrics/metrics.service';
import { Readiness } from './core/health/readiness.service';

export const BODY_LIMIT = 1024 * 1024;
/** Solution documents, library imports carrying many of them, and invoice PDFs may be larger (contract §1). */
const LARGE_BODY_LIMIT = 20 * 1024 * 1024;
const LARGE_BODY_ROUTES = /^\/api\/admin\/(solutions(\/|$)|invoices\/[^/]+\/issue$)/;

/**
 * Before a large body is read: only staff may send one, so that nobody else can make a replica parse 20 MiB.
 * The role is read from the database, as the route's guard reads it.
 */
function staffBeforeBody(config: AppConfig, versions: () => TokenVersions): onRequestHookHandler {
  const key = accessKeyOf(config.jwtSecret);
  return async (request, reply) => {
    const header = request.headers.authorization;
    let claims: AccessClaims | undefined;
    try {
      if (header?.startsWith('Bearer ')) claims = verifyAccessToken(header.slice(7), key);
    } catch {
      claims = undefined;
    }
    const role = claims && (await versions().currentRole(claims.sub, claims.ver));
    if (isStaff(role)) return;
    return sendError(new AppError(role ? 'FORBIDDEN' : 'UNAUTHORIZED'), request, reply);
  };
}

/** A caller's X-Request-Id when it is a plain token, else a new one; it follows the request into every log line. */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}

/** The whole HTTP application, configured once for production, `npm start` and the tests alike. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const rootLogger = createRootLogger(config.logLevel);
  const adapter = new FastifyAdapter({
    loggerInstance: rootLogger,
    genReqId: requestId,
    trustProxy: config.trustProxy || false,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    // One line per request, written when it ends (below): Fastify's own pair doubled the paid view's log cost.
    disableRequestLogging: true,
    // The root logger, not a child per request: the lines name the request themselves (reqId), and making a child
    // for every request was the paid view's largest cost of logging.
    childLoggerFactory: (logger: FastifyBaseLogger) => logger,
    // What Fastify and Node refuse before a route runs (a URL that is not UTF-8, headers over their limit) gets
    // the one error body too.
    frameworkErrors: (err: Error, request: FastifyRequest, reply: FastifyReply) =>
      void sendError(err, request, reply),
    clientErrorHandler,
    // No Express-style middleware is used (hooks do that work): without middie, no request pays for its pass.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new AppLogger(rootLogger),
    bufferLogs: true,
    // Start-up errors throw to the caller (main.ts prints them), never exit a test process.
    abortOnError: false,
    // Stripe signs the exact bytes of a webhook; the parsed body alone cannot be checked.
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // Routes are registered at app.init(), after this hook is in place.
  const staffOnly = staffBeforeBody(config, () => app.get(TokenVersions));
  fastify.addHook('onRoute', (route) => {
    if (!LARGE_BODY_ROUTES.test(route.url)) return;
    route.bodyLimit = LARGE_BODY_LIMIT;
    route.onRequest = [...[route.onRequest ?? []].flat(), staffOnly];
  });
  const headers = securityHeaders(helmetOptions(Boolean(config.stripe?.publishableKey)));
  // A hashed script or stylesheet carries only those that apply to it (ASSET_SECURITY_HEADERS).
  const forAssets = assetHeaders(headers);
  // A file under the assets; anything else there (a 404) keeps every header, the CSP with them.
  const isAssetFile = (url: string) => url.startsWith(WEB_ASSETS) && /\.[a-z0-9]+(?:[?#]|$)/i.test(url);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(isAssetFile(request.url) ? forAssets : headers).header('x-request-id', request.id);
    done();
  });

  fastify.addHook('preValidation', refuseDeepBodies);

  app.setGlobalPrefix('api');
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  app.useGlobalPipes(createValidationPipe());
  app.enableCors({ origin: [config.publicUrl], credentials: true, exposedHeaders: ['X-Total-Count'] });

  // In production only with API_DOCS=true: the public API needs no map for strangers.
  if (config.apiDocs) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('智库 API')
        .setDescription(
          'Solutions marketplace and requirements workshop. Errors: {statusCode, code, error, message, details?}.',
        )
        .setVersion(API_VERSION)
        .addBearerAuth()
        .build(),
    );
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  }

  // Nest routes Fastify's own errors (body too large, bad JSON) and unknown routes through AllExceptionsFilter.
  const metrics = app.get(MetricsService);
  // The request line holds only the fields below, its URL's credentials already replaced (loggableUrl): written
  // without the redaction pass, which took 2.5 % of the paid view's CPU.
  const requestLog = rootLogger.child({}, { redact: [] });
  fastify.addHook('onResponse', (request, reply, done) => {
    requestLog.info(
      {
        reqId: request.id,
        req: { method: request.method, url: loggableUrl(request.url), remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    // The route pattern, not the path: one series per route, whatever the ids in it.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  fastify.get('/metrics', async (_request, reply) =>
    reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics()),
  );
  // The readiness probe: local state only (core/health/readiness.service.ts), outside /api so the Ingress never routes it.
  const readiness = app.get(Readiness);
  fastify.get('/ready', async (request, reply) => {
    const reasons = readiness.reasons();
    reply.header('cache-control', 'no-store');
    if (!reasons.length) return reply.send({ status: 'ok' });
    // The one error body with the reasons, written without an error log line: a probe asks every few seconds.
    const body = toErrorBody(new AppError('SERVICE_UNAVAILABLE', { reasons }), 'en', String(request.id));
    return reply.status(503).send(body);
  });
  // Apple Pay verifies the domain by this file (issue 33); the ingress sends its path to the API.
  const association = config.applePayDomainAssociation;
  if (association)
    fastify.get('/.well-known/apple-developer-merchantid-domain-association', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(association),
    );
  serveWebApp(fastify, config.webDist, () => new AppError('NOT_FOUND'));
  await app.init();
  await fastify.ready();
  return app;
}
