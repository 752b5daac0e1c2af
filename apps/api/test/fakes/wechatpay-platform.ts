import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

/**
 * WeChat Pay's API v3 as a merchant meets it, on a local port: it checks each request's
 * `WECHATPAY2-SHA256-RSA2048` signature with the merchant's key, signs its answers and notifies with a platform key
 * pair of its own, and encrypts notify resources with the API v3 key (AEAD_AES_256_GCM), as WeChat Pay does.
 */
export class FakeWechatPay {
  readonly mchid = '1900000109';
  readonly appid = 'wx8888888888888888';
  readonly serial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  readonly platformKeyId = 'PUB_KEY_ID_0114232134912410000000000000';
  readonly apiV3Key = randomBytes(16).toString('hex');
  private readonly merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** Requests whose merchant signature checked out (and those that did not), in order. */
  readonly calls: { method: string; path: string; validSign: boolean; body: Record<string, unknown> }[] = [];
  /** Trades as WeChat Pay holds them, by out_trade_no. */
  readonly trades = new Map<string, { total: number; state: string; transactionId: string }>();
  /** Refunds that moved money, by out_refund_no: a repeat of one pays nothing more. */
  readonly refunds = new Map<string, { outTradeNo: string; refund: number }>();
  private server?: Server;

  env(apiUrl: string): Record<string, string> {
    return {
      WECHATPAY_MCHID: this.mchid,
      WECHATPAY_APPID: this.appid,
      WECHATPAY_SERIAL: this.serial,
      WECHATPAY_PRIVATE_KEY: pem(this.merchant.privateKey, 'pkcs8'),
      WECHATPAY_APIV3_KEY: this.apiV3Key,
      WECHATPAY_PLATFORM_PUBLIC_KEY: pem(this.platform.publicKey, 'spki'),
      WECHATPAY_PLATFORM_KEY_ID: this.platformKeyId,
      WECHATPAY_API_URL: apiUrl,
    };
  }

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const path = req.url ?? '/';
      const validSign = this.checkMerchant(
        req.method ?? '',
        path,
        raw,
        String(req.headers.authorization ?? ''),
      );
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      this.calls.push({ method: req.method ?? '', path: path.split('?')[0], validSign, body });
      const [status, answer] = validSign
        ? this.route(req.method ?? '', path, body)
        : [401, { code: 'SIGN_ERROR', message: '签名错误' }];
      const text = answer === null ? '' : JSON.stringify(answer);
      res.writeHead(status, { 'content-type': 'application/json', ...this.signedHeaders(text) });
      res.end(text);
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((ok) => (this.server ? this.server.close(ok) : ok(undefined)));
  }

  /**
   * A notify as WeChat Pay posts it: the resource encrypted, the body signed with the platform key (or `signWith`),
   * at `timestamp` (seconds) with `nonce`.
   */
  notify(
    resource: Record<string, unknown>,
    options: {
      id?: string;
      eventType?: string;
      timestamp?: number;
      nonce?: string;
      signWith?: KeyObject;
    } = {},
  ): { body: string; headers: Record<string, string> } {
    const iv = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(this.apiV3Key), Buffer.from(iv));
    cipher.setAAD(Buffer.from('transaction'));
    const sealed = Buffer.concat([
      cipher.update(JSON.stringify(resource)),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const body = JSON.stringify({
      id: options.id ?? randomUUID(),
      create_time: new Date().toISOString(),
      event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: sealed.toString('base64'),
        associated_data: 'transaction',
        original_type: 'transaction',
        nonce: iv,
      },
      summary: '支付成功',
    });
    return { body, headers: this.signedHeaders(body, options) };
  }

  /** A paid transaction's resource for an order, as the notify and the query carry it. */
  paid(outTradeNo: string, total: number, fields: Record<string, unknown> = {}) {
    return {
      mchid: this.mchid,
      appid: this.appid,
      out_trade_no: outTradeNo,
      transaction_id: `4200000${outTradeNo.slice(0, 12)}`,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      amount: { total, payer_total: total, currency: 'CNY' },
      ...fields,
    };
  }

  /** Another key pair's private key: a notify signed with it is a forgery. */
  readonly stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  private route(method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    const amount = body.amount as { total?: number; refund?: number } | undefined;
    if (method === 'POST' && (path === '/v3/pay/transactions/native' || path === '/v3/pay/transactions/h5')) {
      const tradeNo = String(body.out_trade_no);
      if (!this.trades.has(tradeNo))
        this.trades.set(tradeNo, { total: amount?.total ?? 0, state: 'NOTPAY', transactionId: '' });
      return path.endsWith('native')
        ? [200, { code_url: `weixin://wxpay/bizpayurl?pr=${tradeNo.slice(0, 7)}` }]
        : [
            200,
            {
              h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${tradeNo.slice(0, 10)}`,
            },
          ];
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/(\w+)\?mchid=\d+$/.exec(path);
    if (method === 'GET' && query) {
      const trade = this.trades.get(query[1]);
      if (!trade) return [404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }];
      return [
        200,
        {
          ...this.paid(query[1], trade.total),
          trade_state: trade.state,
          transaction_id: trade.transactionId,
        },
      ];
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/(\w+)\/close$/.exec(path);
    if (method === 'POST' && close) {
      const trade = this.trades.get(close[1]);
      if (trade?.state === 'SUCCESS') return [400, { code: 'ORDERPAID', message: '订单已支付' }];
      if (trade) trade.state = 'CLOSED';
      return [204, null];
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const refundNo = String(body.out_refund_no);
      const trade = this.trades.get(String(body.out_trade_no));
      if (!trade || trade.state !== 'SUCCESS')
        return [400, { code: 'INVALID_REQUEST', message: '订单未支付' }];
      if (!this.refunds.has(refundNo))
        this.refunds.set(refundNo, { outTradeNo: String(body.out_trade_no), refund: amount?.refund ?? 0 });
      return [
        200,
        { refund_id: `50000${refundNo.slice(0, 10)}`, out_refund_no: refundNo, status: 'PROCESSING' },
      ];
    }
    return [404, { code: 'NOT_FOUND', message: path }];
  }

  private checkMerchant(method: string, path: string, body: string, authorization: string): boolean {
    const m =
      /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([\w+/=]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
        authorization,
      );
    if (!m || m[1] !== this.mchid || m[5] !== this.serial) return false;
    return createVerify('RSA-SHA256')
      .update(`${method}\n${path}\n${m[4]}\n${m[2]}\n${body}\n`)
      .verify(this.merchant.publicKey, m[3], 'base64');
  }

  private signedHeaders(
    body: string,
    options: { timestamp?: number; nonce?: string; signWith?: KeyObject } = {},
  ): Record<string, string> {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = options.nonce ?? randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(options.signWith ?? this.platform.privateKey, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': this.platformKeyId,
    };
  }
}
