import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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
  if (body.statusCode >= 500) request.log.error({ reqId: request.id, err }, 'request failed');
  else request.log.debug({ reqId: request.id, code: body.code }, 'request refused');
  if (err instanceof AppError && err.retryAfterSeconds)
    reply.header('retry-after', String(err.retryAfterSeconds));
  return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Node's own HTTP parser refused a request before Fastify had one (headers or URL over their limit, malformed
 * HTTP): the same error body, in Chinese (no header was read), then the connection closes.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const statusCode = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(toErrorBody({ statusCode }, 'zh', randomUUID()));
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}
