import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { PaymentDevice } from '@think-tank/contracts';
import type { FastifyRequest } from 'fastify';

/** A phone's browser, by its User-Agent (a tablet's browser is a desktop's, as Alipay's page pay serves it). */
const PHONE = /Mobi|Android|iPhone|iPod|HarmonyOS|Windows Phone/i;

export function deviceOf(userAgent: string | undefined): PaymentDevice {
  return userAgent && PHONE.test(userAgent.slice(0, 512)) ? 'mobile' : 'desktop';
}

/**
 * Where the buyer pays (contract §11 ways to pay): the body's `device` when the client says, else its User-Agent.
 * A phone gets the gateways' mobile flows (Alipay's WAP pay).
 */
export const Device = createParamDecorator((_: unknown, ctx: ExecutionContext): PaymentDevice => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  const said = (req.body as { device?: unknown } | undefined)?.device;
  return said === 'mobile' || said === 'desktop' ? said : deviceOf(req.headers['user-agent']);
});
