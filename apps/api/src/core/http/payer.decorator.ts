import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { PaymentDevice } from '@think-tank/contracts';
import type { FastifyRequest } from 'fastify';

/** A phone's browser, by its User-Agent (a tablet's browser is a desktop's, as Alipay's page pay serves it). */
const PHONE = /Mobi|Android|iPhone|iPod|HarmonyOS|Windows Phone/i;

export function deviceOf(userAgent: string | undefined): PaymentDevice {
  return userAgent && PHONE.test(userAgent.slice(0, 512)) ? 'mobile' : 'desktop';
}

/** Who pays, as the gateways' flows need it: the device, and the address (WeChat Pay H5's `scene_info`). */
export interface Payer {
  device: PaymentDevice;
  ip: string;
}

export const DESKTOP_PAYER: Payer = { device: 'desktop', ip: '127.0.0.1' };

/**
 * The payer of a payment call (contract §11 ways to pay): the body's `device` when the client says, else its
 * User-Agent; a phone gets the gateways' mobile flows (Alipay WAP pay, WeChat Pay H5). The address is the client's
 * (TRUST_PROXY decides whose X-Forwarded-For is believed).
 */
export const PayerOf = createParamDecorator((_: unknown, ctx: ExecutionContext): Payer => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  const said = (req.body as { device?: unknown } | undefined)?.device;
  const device = said === 'mobile' || said === 'desktop' ? said : deviceOf(req.headers['user-agent']);
  return { device, ip: req.ip };
});
