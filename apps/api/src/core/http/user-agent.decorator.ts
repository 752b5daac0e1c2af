import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The request's User-Agent (null when absent), for the list of signed-in devices; stored cut to 300 characters. */
export const UserAgent = createParamDecorator((_: unknown, ctx: ExecutionContext): string | null => {
  const agent = ctx.switchToHttp().getRequest<FastifyRequest>().headers['user-agent'];
  return typeof agent === 'string' && agent ? agent.slice(0, 300) : null;
});
