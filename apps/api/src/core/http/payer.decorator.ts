import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { PaymentDevice } from '@think-tank/contracts';
import type { FastifyRequest } from 'fastify';

/** A phone's browser, by its User-Agent (a tablet's browser is a desktop's, as Alipay's page pay serves it). */
const PHONE = /Mobi|Android|iPhone|iPod|HarmonyOS|Windows Phone/i;

export function deviceOf(userAgent: string | undefined): PaymentDevice {
  return userAgent && PHONE.test(userAgent.slice(0, 512)) ? 'mobile' : 'desktop';
}

/**
 * Who pays, as the gateways' flows need it: the device, whether in WeChat's own browser (which pays by JSAPI and
 * blocks the other cashiers), and the address (WeChat Pay H5's `scene_info`).
 */
export interface Payer {
  device: PaymentDevice;
  inWechat: boolean;
  ip: string;
}

export const DESKTOP_PAYER: Payer = { device: 'desktop', inWechat: false, ip: '127.0.0.1' };

/**
 * The payer of a payment call (contract §11 ways to pay): the body's `device` when the client says, else its
 * User-Agent; a phone gets the gateways' mobile flows (Alipay WAP pay, WeChat Pay H5), WeChat's browser (its
 * User-Agent's MicroMessenger) WeChat Pay's JSAPI. The address is the client's
 * (TRUST_PROXY decides whose X-Forwarded-For is believed).
 */
export const PayerOf = createParamDecorator((_: unknown, ctx: ExecutionContext): Payer => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  const said = (req.body as { device?: unknown } | undefined)?.device;
  const agent = req.headers['user-agent'];
  const device = said === 'mobile' || said === 'desktop' ? said : deviceOf(agent);
  return { device, inWechat: /MicroMessenger/i.test(agent?.slice(0, 512) ?? ''), ip: req.ip };
});
