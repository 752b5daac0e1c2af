import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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

  /** Trades as Alipay's books hold them, by out_trade_no, for `alipay.trade.query`. */
  readonly trades = new Map<string, { status: string; totalAmount: string; tradeNo: string }>();
  /** Refunds paid out, by out_request_no: a repeat of one pays nothing more, as at Alipay. */
  readonly refunds = new Map<string, { outTradeNo: string; amount: string }>();
  /** When set, `alipay.trade.refund` answers this business error (sub_code) instead of refunding. */
  refuseRefundsWith: string | null = null;
  /**
   * A bad day on the network for `alipay.trade.refund`: `down` drops the connection before Alipay sees the request,
   * `answer-lost` after Alipay has refunded (the money moved, the merchant never heard).
   */
  refundTrouble: 'down' | 'answer-lost' | null = null;
  /** The gateway's requests whose merchant signature checked out, and those that did not. */
  readonly gatewayCalls: { method: string; validSign: boolean; bizContent: Record<string, string> }[] = [];
  private gateway?: Server;

  /**
   * Alipay's OpenAPI gateway for `alipay.trade.query`, `.close` and `.refund`: checks the request's merchant
   * signature and answers `{<method>_response, sign}`, the response node signed with the platform key, as Alipay
   * does.
   */
  async startGateway(): Promise<string> {
    this.gateway = createServer(async (req, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const fields: Record<string, string> = {};
      for (const [k, v] of new URL(req.url ?? '/', 'http://x').searchParams) fields[k] = v;
      for (const [k, v] of new URLSearchParams(raw)) fields[k] = v;
      const validSign = createVerify('RSA-SHA256')
        .update(signingContent(fields, ['sign']))
        .verify(this.merchant.publicKey, fields.sign ?? '', 'base64');
      const bizContent = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
      const trouble = fields.method === 'alipay.trade.refund' ? this.refundTrouble : null;
      if (trouble === 'down') return req.socket.destroy();
      this.gatewayCalls.push({ method: fields.method, validSign, bizContent });
      const node = !validSign
        ? { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }
        : fields.method === 'alipay.trade.refund'
          ? this.refund(bizContent)
          : fields.method === 'alipay.trade.close'
            ? this.close(bizContent)
            : this.query(bizContent);
      if (trouble === 'answer-lost') return req.socket.destroy();
      const json = JSON.stringify(node);
      const sign = createSign('RSA-SHA256').update(json).sign(this.platform.privateKey, 'base64');
      const key = `${fields.method.replace(/\./g, '_')}_response`;
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      res.end(`{"${key}":${json},"sign":"${sign}"}`);
    });
    await new Promise<void>((ok) => this.gateway!.listen(0, '127.0.0.1', ok));
    return `http://127.0.0.1:${(this.gateway.address() as AddressInfo).port}/gateway.do`;
  }

  private query(biz: Record<string, string>) {
    const trade = this.trades.get(biz.out_trade_no);
    return trade
      ? {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          trade_no: trade.tradeNo,
          trade_status: trade.status,
          total_amount: trade.totalAmount,
        }
      : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
  }

  /** `alipay.trade.close`: an unpaid trade is closed (its cashier takes nothing more); a paid one cannot be. */
  private close(biz: Record<string, string>) {
    const trade = this.trades.get(biz.out_trade_no);
    if (!trade)
      return {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_EXIST',
        sub_msg: '交易不存在',
      };
    if (trade.status !== 'WAIT_BUYER_PAY')
      return {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_STATUS_ERROR',
        sub_msg: '交易状态不合法',
      };
    trade.status = 'TRADE_CLOSED';
    return { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no: trade.tradeNo };
  }

  private refund(biz: Record<string, string>) {
    if (this.refuseRefundsWith)
      return { code: '40004', msg: 'Business Failed', sub_code: this.refuseRefundsWith, sub_msg: '退款失败' };
    const repeat = this.refunds.has(biz.out_request_no);
    if (!repeat)
      this.refunds.set(biz.out_request_no, { outTradeNo: biz.out_trade_no, amount: biz.refund_amount });
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: biz.out_trade_no,
      trade_no: `2026112222001400${biz.out_trade_no.slice(0, 6)}`,
      refund_fee: biz.refund_amount,
      // Alipay says whether this call moved money: a repeat of the same out_request_no does not.
      fund_change: repeat ? 'N' : 'Y',
    };
  }

  async stopGateway(): Promise<void> {
    await new Promise((ok) => (this.gateway ? this.gateway.close(ok) : ok(undefined)));
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
