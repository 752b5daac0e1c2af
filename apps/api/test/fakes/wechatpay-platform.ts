import {
  createCipheriv,
  createPrivateKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();

/** A platform certificate as WeChat Pay issues them (X.509, RSA 2048), made with openssl: its key, PEM and serial. */
function platformCertificate(): { key: KeyObject; pem: string; serial: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wxpay-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/C=CN/O=Tenpay.com/CN=Tenpay.com Root CA',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const certPem = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const serial = execFileSync('openssl', ['x509', '-noout', '-serial', '-in', join(dir, 'cert.pem')], {
      encoding: 'utf8',
    })
      .trim()
      .replace(/^serial=/, '')
      .toUpperCase();
    return { key: createPrivateKey(readFileSync(join(dir, 'key.pem'))), pem: certPem, serial };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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
  /** Trades as WeChat Pay holds them, by out_trade_no, with the way each was opened. */
  readonly trades = new Map<
    string,
    { total: number; state: string; transactionId: string; type?: string; openid?: string }
  >();
  /** Refunds that moved money, by out_refund_no: a repeat of one pays nothing more and answers its status. */
  readonly refunds = new Map<string, { outTradeNo: string; refund: number; status: string }>();
  /** A platform certificate (the older mode), served by `/v3/certificates`: notifies may be signed with it. */
  readonly certificate = platformCertificate();
  /** The trade of each prepay id JSAPI gave out (what WeChat's cashier pays). */
  readonly prepays = new Map<string, string>();
  /** How often `/v3/certificates` was asked. */
  certificateDownloads = 0;
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
      /** Signed with the platform certificate, named by its serial (the certificate mode). */
      byCertificate?: boolean;
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
    const signed = options.byCertificate
      ? { ...options, signWith: this.certificate.key, serial: this.certificate.serial }
      : options;
    return { body, headers: this.signedHeaders(body, signed) };
  }

  /** A refund's notify, for the order's refund number, with WeChat Pay's outcome (`REFUND.SUCCESS`, …). */
  refundNotice(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED') {
    const held = this.refunds.get(outRefundNo);
    if (held) held.status = status;
    return this.notify(
      {
        mchid: this.mchid,
        out_trade_no: held?.outTradeNo ?? '',
        out_refund_no: outRefundNo,
        refund_id: `50000${outRefundNo.slice(0, 10)}`,
        refund_status: status,
        amount: { total: held?.refund ?? 0, refund: held?.refund ?? 0, payer_refund: held?.refund ?? 0 },
      },
      { eventType: `REFUND.${status}` },
    );
  }

  /** What WeixinJSBridge checks before it shows its cashier: paySign, with the merchant's public key. */
  checkPaySign(p: {
    appId: string;
    timeStamp: string;
    nonceStr: string;
    package: string;
    paySign: string;
  }): boolean {
    return createVerify('RSA-SHA256')
      .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
      .verify(this.merchant.publicKey, p.paySign, 'base64');
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
    const opened = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(path);
    if (method === 'POST' && opened) {
      const type = opened[1];
      const tradeNo = String(body.out_trade_no);
      const openid = (body.payer as { openid?: string } | undefined)?.openid;
      if (body.appid !== this.appid || body.mchid !== this.mchid)
        return [400, { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' }];
      if (type === 'jsapi' && !openid)
        return [400, { code: 'PARAM_ERROR', message: '缺少参数 payer.openid' }];
      const held = this.trades.get(tradeNo);
      // One out_trade_no is one trade: another way of paying it, or a closed one, is refused, as WeChat Pay does.
      if (held?.state === 'CLOSED') return [400, { code: 'ORDER_CLOSED', message: '订单已关闭' }];
      if (held && held.type && held.type !== type)
        return [400, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' }];
      if (!held)
        this.trades.set(tradeNo, {
          total: amount?.total ?? 0,
          state: 'NOTPAY',
          transactionId: '',
          type,
          openid,
        });
      const prepay = `wx${tradeNo.slice(0, 10)}${tradeNo.slice(-6)}`;
      if (type === 'native') return [200, { code_url: `weixin://wxpay/bizpayurl?pr=${tradeNo.slice(-7)}` }];
      if (type === 'h5')
        return [
          200,
          { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=1` },
        ];
      this.prepays.set(prepay, tradeNo);
      return [200, { prepay_id: prepay }];
    }
    if (method === 'GET' && path === '/v3/certificates') {
      this.certificateDownloads += 1;
      const iv = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(this.apiV3Key), Buffer.from(iv));
      cipher.setAAD(Buffer.from('certificate'));
      const sealed = Buffer.concat([
        cipher.update(this.certificate.pem),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return [
        200,
        {
          data: [
            {
              serial_no: this.certificate.serial,
              effective_time: new Date(Date.now() - 3600_000).toISOString(),
              expire_time: new Date(Date.now() + 2 * 86_400_000).toISOString(),
              encrypt_certificate: {
                algorithm: 'AEAD_AES_256_GCM',
                nonce: iv,
                associated_data: 'certificate',
                ciphertext: sealed.toString('base64'),
              },
            },
          ],
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
    const abnormal = /^\/v3\/refund\/domestic\/refunds\/50000(\w+)\/apply-abnormal-refund$/.exec(path);
    if (method === 'POST' && abnormal) {
      const [refundNo, held] = [...this.refunds].find(([no]) => no.startsWith(abnormal[1])) ?? [];
      if (!held || held.status !== 'ABNORMAL' || body.out_refund_no !== refundNo)
        return [400, { code: 'INVALID_REQUEST', message: '退款单状态不是异常' }];
      held.status = 'PROCESSING';
      return [
        200,
        { refund_id: `50000${refundNo!.slice(0, 10)}`, out_refund_no: refundNo, status: 'PROCESSING' },
      ];
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const refundNo = String(body.out_refund_no);
      const [outTradeNo, trade] =
        [...this.trades].find(([no, t]) =>
          body.transaction_id ? t.transactionId === body.transaction_id : no === body.out_trade_no,
        ) ?? [];
      if (!trade || trade.state !== 'SUCCESS')
        return [400, { code: 'INVALID_REQUEST', message: '订单未支付' }];
      // Accepted, the money is on its way (PROCESSING); asking again answers where it stands.
      if (!this.refunds.has(refundNo))
        this.refunds.set(refundNo, {
          outTradeNo: outTradeNo!,
          refund: amount?.refund ?? 0,
          status: 'PROCESSING',
        });
      return [
        200,
        {
          refund_id: `50000${refundNo.slice(0, 10)}`,
          out_refund_no: refundNo,
          status: this.refunds.get(refundNo)!.status,
        },
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
    options: { timestamp?: number; nonce?: string; signWith?: KeyObject; serial?: string } = {},
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
      'wechatpay-serial': options.serial ?? this.platformKeyId,
    };
  }
}
