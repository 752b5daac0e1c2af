import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage } from '../http/request-language';
import { AppError } from './app-error';
import { toErrorBody } from './error-body';

/** Sends the contract's error body for anything thrown, by Nest or by Fastify before Nest saw the request. */
export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body = toErrorBody(
    err,
    languageFromAcceptLanguage(request.headers['accept-language']),
    String(request.id),
  );
  if (body.statusCode >= 500) request.log.error({ err }, 'request failed');
  else request.log.debug({ code: body.code }, 'request refused');
  if (err instanceof AppError && err.retryAfterSeconds)
    reply.header('retry-after', String(err.retryAfterSeconds));
  return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}
