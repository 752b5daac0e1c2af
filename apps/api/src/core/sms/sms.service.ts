import { Injectable, Logger } from '@nestjs/common';
import Dysms, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { AppConfig } from '../config/app-config';
import { AppError } from '../errors/app-error';
import { DevOutbox } from '../mail/dev-outbox';
import { MetricsService } from '../metrics/metrics.service';

/** How long a text may take to leave: the person is waiting for it on the page. */
const TIMEOUT_MS = 5_000;

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
   * Sends the code to the number (E.164); 503 SMS_UNAVAILABLE when Aliyun cannot be reached or answers other than
   * `OK` (the caller then gives back the limits it took: nothing was sent).
   */
  async sendCode(phone: string, code: string): Promise<void> {
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
