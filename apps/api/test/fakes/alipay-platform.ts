import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** Alipay's signing content: every non-empty field but the excluded ones, sorted, as k=v joined by &. */
function signingContent(fields: Record<string, string>, exclude: string[]): string {
  return Object.keys(fields)
    .filter((k) => !exclude.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

/**
 * Alipay's side of the protocol, for tests: the platform key pair that signs notifies (RSA2, SHA256withRSA, as
 * Alipay does), and the merchant's key pair whose public half Alipay uses to check page-pay requests.
 */
export class FakeAlipayPlatform {
  readonly appId = '2021000000000001';
  readonly platform = pair();
  /** The merchant's own key pair; its private key is configured as PKCS#1 to exercise that header. */
  readonly merchant = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  private notifySeq = 0;

  env(): Record<string, string> {
    return {
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY: this.merchant.privateKey,
      ALIPAY_PUBLIC_KEY: this.platform.publicKey,
      ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
    };
  }

  /** A notify as Alipay posts it: form fields signed with the platform key (sign and sign_type not signed). */
  notify(fields: Record<string, string>, signWith = this.platform.privateKey): Record<string, string> {
    this.notifySeq += 1;
    const body: Record<string, string> = {
      notify_time: '2026-11-22 10:00:00',
      notify_type: 'trade_status_sync',
      notify_id: `ac05099524730693a8b330c5ecf72da${this.notifySeq}`,
      charset: 'utf-8',
      version: '1.0',
      app_id: this.appId,
      trade_no: `2026112222001400${String(this.notifySeq).padStart(6, '0')}`,
      trade_status: 'TRADE_SUCCESS',
      gmt_payment: '2026-11-22 10:00:00',
      subject: '单次查看方案（30 天）',
      buyer_id: '2088102122524333',
      ...fields,
    };
    const sign = createSign('RSA-SHA256')
      .update(signingContent(body, ['sign', 'sign_type']))
      .sign(signWith, 'base64');
    return { ...body, sign_type: 'RSA2', sign };
  }

  /** Checks a page-pay address as Alipay's gateway would: its fields, signed with the merchant's key. */
  verifyPageRequest(address: string): { action: string; fields: Record<string, string>; valid: boolean } {
    const fields: Record<string, string> = {};
    const url = new URL(address);
    for (const [k, v] of url.searchParams) fields[k] = v;
    const valid = createVerify('RSA-SHA256')
      .update(signingContent(fields, ['sign']))
      .verify(this.merchant.publicKey, fields.sign ?? '', 'base64');
    return { action: `${url.origin}${url.pathname}`, fields, valid };
  }
}
