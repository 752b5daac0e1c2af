import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage } from './request-language';

/** The language of the request's messages (Accept-Language; Chinese first). */
export const Lang = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  languageFromAcceptLanguage(ctx.switchToHttp().getRequest<FastifyRequest>().headers['accept-language']),
);
