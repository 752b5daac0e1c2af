import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { addressKey } from '../redis/rate-limiter.service';

/**
 * The client's address as per-address budgets count it (addressKey: an IPv6 client by its /64): the socket's, or
 * X-Forwarded-For when it comes through a TRUST_PROXY address.
 */
export const ClientIp = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  addressKey(ctx.switchToHttp().getRequest<FastifyRequest>().ip),
);
