import { Injectable, Logger } from '@nestjs/common';
import { SMS_COOLDOWN_SECONDS } from '@think-tank/contracts';
import { randomInt } from 'node:crypto';
import Dysms, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { AppConfig } from '../config/app-config';
import { AppError } from '../errors/app-error';
import { DevOutbox } from '../mail/dev-outbox.service';
import { MetricsService } from '../metrics/metrics.service';
import { addressKey, RateLimiter, type Limit } from '../redis/rate-limiter.service';
import { secondsLeftOfShanghaiDay, shanghaiDay } from '../time/shanghai-day';

/** How long a text may take to leave: the person is waiting for it on the page. */
const TIMEOUT_MS = 5_000;
/** Texts one number gets a day, and one client address an hour (SMS pumping bills the merchant for each). */
const A_DAY_PER_NUMBER = 10;
const AN_HOUR_PER_ADDRESS = 20;

/**
 * Texts to mainland mobile numbers: through Aliyun SMS with its official SDK (SMS_PROVIDER=aliyun), or, without
 * keys and with DEV_OUTBOX=true, into the development outbox as mail is. The only text is a code.
 */
@Injectable()
export class SmsService {
  private readonly logger = new Logger(SmsService.name);
  private readonly aliyun: Dysms | null;

  constructor(
    private readonly config: AppConfig,
    private readonly outbox: DevOutbox,
    private readonly metrics: MetricsService,
    private readonly limiter: RateLimiter,
  ) {
    const sms = config.sms;
    const endpoint = sms && /^https?:\/\//.test(sms.endpoint) ? new URL(sms.endpoint) : null;
    this.aliyun = sms
      ? new Dysms(
          new $OpenApiUtil.Config({
            accessKeyId: sms.accessKeyId,
            accessKeySecret: sms.accessKeySecret,
            endpoint: endpoint?.host ?? sms.endpoint,
            protocol: endpoint?.protocol.replace(':', '') ?? 'https',
            connectTimeout: TIMEOUT_MS,
            readTimeout: TIMEOUT_MS,
          }),
        )
      : null;
  }

  /** Whether texts can be sent here at all (GET /api/auth/providers says `sms`). */
  get available(): boolean {
    return this.aliyun !== null || this.config.smsOutbox;
  }

  /**
   * Texts a new 6-digit code to the number (E.164), within the limits that defend against SMS pumping (contract
   * §12), all taken at once before anything is sent: one a minute and 10 a Shanghai day per number, 20 an hour per
   * client address, and the site's SMS_DAILY_LIMIT a day (429, counted by limit). `keep` stores the code (hashed)
   * before it leaves. 503 SMS_UNAVAILABLE when the provider does not send: the limits are given back.
   */
  async sendCode(phone: string, ip: string, keep: (code: string) => Promise<void>): Promise<void> {
    const day = shanghaiDay();
    const secondsLeft = secondsLeftOfShanghaiDay();
    const limits: (Limit & { name: 'number' | 'address' | 'budget' })[] = [
      { name: 'number', key: `sms:number:${phone}`, max: 1, windowSeconds: SMS_COOLDOWN_SECONDS },
      {
        name: 'number',
        key: `sms:number:${phone}:${day}`,
        max: A_DAY_PER_NUMBER,
        windowSeconds: secondsLeft,
      },
      {
        name: 'address',
        key: `sms:address:${addressKey(ip)}`,
        max: AN_HOUR_PER_ADDRESS,
        windowSeconds: 3600,
      },
      { name: 'budget', key: `sms:site:${day}`, max: this.config.smsDailyLimit, windowSeconds: secondsLeft },
    ];
    const spent = await this.limiter.spent(...limits);
    if (spent) {
      this.metrics.smsRefused.inc({ limit: (spent.limit as (typeof limits)[number]).name });
      throw AppError.tooManyRequests(spent.wait);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await keep(code);
      await this.deliver(phone, code);
    } catch (e) {
      await this.limiter.giveBack(...limits);
      throw e;
    }
  }

  private async deliver(phone: string, code: string): Promise<void> {
    if (!this.aliyun) {
      if (!this.config.smsOutbox) throw new AppError('SMS_UNAVAILABLE');
      const text = `【智库】您的验证码是 ${code}，5 分钟内有效。请勿告诉他人。`;
      await this.outbox.keep({ to: phone, subject: '短信', text, html: '' });
      this.metrics.smsSent.inc({ outcome: 'outbox' });
      return;
    }
    const request = new SendSmsRequest({
      // Aliyun takes a mainland number as its 11 digits.
      phoneNumbers: phone.replace(/^\+86/, ''),
      signName: this.config.sms!.signName,
      templateCode: this.config.sms!.templateCode,
      templateParam: JSON.stringify({ code }),
    });
    const answer = await this.aliyun.sendSms(request).then(
      (r) => r.body?.code ?? 'NO_ANSWER',
      (e: Error & { code?: string }) => e.code ?? e.message,
    );
    this.metrics.smsSent.inc({ outcome: answer === 'OK' ? 'sent' : 'refused' });
    if (answer !== 'OK') {
      this.logger.warn(`Aliyun SMS did not send a code: ${String(answer).slice(0, 200)}`);
      throw new AppError('SMS_UNAVAILABLE');
    }
  }
}
