import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The client's address: the socket's, or X-Forwarded-For when it comes through a TRUST_PROXY address. */
export const ClientIp = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<FastifyRequest>().ip,
);
