import { Injectable, Logger } from '@nestjs/common';
import { WebRoute, type PaymentInstruction, type WechatPayParams } from '@think-tank/contracts';
import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { AppConfig, type WechatPayConfig } from '../../../core/config/app-config';
import type { Order } from '../entities/order.entity';
import type { RefundAnswer } from './refund-answer';

/** A notify's `Wechatpay-Timestamp` older (or newer) than this is refused (contract §11). */
export const NOTIFY_TOLERANCE_SECONDS = 5 * 60;
const TIMEOUT_MS = 10_000;
/** Platform certificates are downloaded again this often, and at most once a minute for an unknown serial. */
const CERTIFICATES_REFRESH_MS = 12 * 3600_000;
const UNKNOWN_SERIAL_REFRESH_MS = 60_000;

/** The ways a WeChat Pay trade is opened: a QR code (Native), a phone's browser (H5), WeChat's own browser (JSAPI). */
export type WechatMethod = 'native' | 'h5' | 'jsapi';

/** One trade to open for an order: its number, the way, and what that way needs of the payer. */
export interface WechatTrade {
  tradeNo: string;
  method: WechatMethod;
  clientIp: string;
  /** The payer's openid under WECHATPAY_APPID (JSAPI). */
  openid?: string;
}

/** Where a refund stands at WeChat Pay: done, still moving, or ended without the money arriving. */
export type WechatRefundState = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';

/** The headers WeChat Pay signs its answers and notifies with. */
export interface WechatSignedHeaders {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  serial?: string;
}

/** A verified notify, its resource decrypted: a transaction (`TRANSACTION.SUCCESS`) or a refund (`REFUND.*`). */
export interface WechatNotice {
  id: string;
  eventType: string;
  nonce: string;
  resource: Record<string, unknown>;
}

/**
 * WeChat Pay API v3, written against its published rules rather than through an SDK (the registry's ones wrap an
 * HTTP client of their own and lag the v3 rules; the protocol is three primitives of node:crypto): each request
 * signed with the merchant's key (`WECHATPAY2-SHA256-RSA2048`), each answer and notify verified with the platform's
 * key, notify resources decrypted with the API v3 key (AEAD_AES_256_GCM). The gateway only signs, verifies and
 * translates; FulfilmentService decides.
 */
@Injectable()
export class WechatPayGateway {
  private readonly logger = new Logger(WechatPayGateway.name);
  private readonly settings?: WechatPayConfig;
  /** Platform certificates by serial, as `/v3/certificates` last gave them. */
  private readonly certificates: {
    keys: Map<string, KeyObject>;
    fetchedAt: number;
    refreshing?: Promise<void>;
  } = { keys: new Map(), fetchedAt: 0 };
  private readonly merchantKey?: KeyObject;
  private readonly platformKey?: KeyObject;

  constructor(private readonly config: AppConfig) {
    this.settings = config.wechatpay;
    // Parsed at start: a bad key stops the process, not a buyer's payment.
    this.merchantKey = this.settings && createPrivateKey(this.settings.privateKey);
    this.platformKey = this.settings && createPublicKey(this.settings.platformPublicKey);
  }

  get available(): boolean {
    return this.settings !== undefined;
  }

  /**
   * Opens the trade: Native on a desktop (a `code_url` the page draws as a QR code), H5 in a phone's browser (an
   * `h5_url` with the buyer's address in `scene_info`, and `redirect_url` back to the order's result page), JSAPI
   * inside WeChat (a `prepay_id`, handed to WeChat's cashier with the merchant's `paySign`). Always CNY, in fen.
   */
  async startCheckout(order: Order, trade: WechatTrade): Promise<PaymentInstruction> {
    const s = this.settings!;
    const body = {
      appid: s.appid,
      mchid: s.mchid,
      description: order.subject.slice(0, 127),
      out_trade_no: trade.tradeNo,
      notify_url: `${this.notifyBase}/api/payments/wechatpay/notify`,
      amount: { total: order.amount, currency: 'CNY' },
      ...(trade.method === 'h5' && {
        scene_info: { payer_client_ip: trade.clientIp, h5_info: { type: 'Wap' } },
      }),
      ...(trade.method === 'jsapi' && { payer: { openid: trade.openid } }),
    };
    const path = `/v3/pay/transactions/${trade.method}`;
    if (trade.method === 'h5') {
      const { h5_url } = await this.call<{ h5_url: string }>('POST', path, body);
      const back = `${this.config.publicUrl}${WebRoute.paymentReturn}?orderId=${order.id}`;
      // WeChat sends the buyer on to redirect_url once its cashier is done, whatever the outcome.
      const paymentUrl = `${h5_url}${h5_url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}`;
      return { type: 'redirect', paymentUrl, orderId: order.id };
    }
    if (trade.method === 'jsapi') {
      const { prepay_id } = await this.call<{ prepay_id: string }>('POST', path, body);
      return { type: 'jsapi', payParams: this.payParams(prepay_id), orderId: order.id };
    }
    const { code_url } = await this.call<{ code_url: string }>('POST', path, body);
    return { type: 'qrcode', codeUrl: code_url, orderId: order.id };
  }

  /** What WeixinJSBridge's getBrandWCPayRequest takes: the prepay id, signed with the merchant's key. */
  payParams(prepayId: string): WechatPayParams {
    const appId = this.settings!.appid;
    const timeStamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const paySign = createSign('RSA-SHA256')
      .update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
      .sign(this.merchantKey!, 'base64');
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  /** The trade as WeChat Pay holds it (reconciliation): its state, transaction id and total in fen. */
  async queryTrade(
    tradeNo: string,
  ): Promise<{ state: string; transactionId: string | null; total: number | null }> {
    const path = `/v3/pay/transactions/out-trade-no/${tradeNo}?mchid=${this.settings!.mchid}`;
    type Trade = { trade_state?: string; transaction_id?: string; amount?: { total?: number } };
    const answer = await this.call<Trade>('GET', path).catch((e: WechatPayError): Trade => {
      if (e.status === 404) return { trade_state: 'NOT_EXIST' };
      throw e;
    });
    return {
      state: answer.trade_state ?? 'UNKNOWN',
      transactionId: answer.transaction_id ?? null,
      total: answer.amount?.total ?? null,
    };
  }

  /**
   * Closes an unpaid trade, so that it can no longer be paid; one WeChat Pay never opened is closed already. A paid
   * one throws WechatPayError `ORDERPAID`.
   */
  async closeTrade(tradeNo: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${tradeNo}/close`, {
      mchid: this.settings!.mchid,
    }).catch((e: unknown) => {
      if (!(e instanceof WechatPayError && e.code === 'ORDER_NOT_EXIST')) throw e;
    });
  }

  /**
   * Returns the whole payment (by WeChat Pay's transaction id when known, else the trade number), `out_refund_no`
   * the order's own number so that asking again is the same refund and answers where it stands. Only `SUCCESS` is
   * money returned: `PROCESSING` throws (the refund stays pending and is asked again), `ABNORMAL` or `CLOSED` ends
   * it failed; asked again after that (`afterFailure`), an ABNORMAL refund goes to the merchant's bank card. A
   * business refusal (4xx) is a refusal; WeChat Pay's own trouble (5xx, no answer) throws.
   */
  async refund(order: Order, tradeNo: string, afterFailure = false): Promise<RefundAnswer> {
    let answer: { refund_id?: string; status?: string };
    try {
      answer = await this.call('POST', '/v3/refund/domestic/refunds', {
        ...(order.gatewayTradeNo ? { transaction_id: order.gatewayTradeNo } : { out_trade_no: tradeNo }),
        out_refund_no: wechatTradeNo(order.id),
        notify_url: `${this.notifyBase}/api/payments/wechatpay/notify`,
        amount: { refund: order.amount, total: order.amount, currency: 'CNY' },
      });
      // Support asking again for an ABNORMAL refund: WeChat Pay sends it to the merchant's bank card instead, for
      // support to pay the buyer another way (its "abnormal refund" handling).
      if (afterFailure && answer.status === 'ABNORMAL' && answer.refund_id)
        answer = await this.call(
          'POST',
          `/v3/refund/domestic/refunds/${answer.refund_id}/apply-abnormal-refund`,
          {
            out_refund_no: wechatTradeNo(order.id),
            type: 'MERCHANT_BANK_CARD',
          },
        );
    } catch (e) {
      if (e instanceof WechatPayError && e.status >= 400 && e.status < 500)
        return { ok: false, reason: `WeChat Pay ${e.code}: ${e.message}` };
      throw e;
    }
    const state = answer.status as WechatRefundState | undefined;
    if (state === 'SUCCESS') return { ok: true, refundId: answer.refund_id ?? null };
    if (state === 'ABNORMAL' || state === 'CLOSED')
      return { ok: false, failed: true, reason: `WeChat Pay refund ${state}` };
    throw new Error(`WeChat Pay is still processing the refund (${state ?? 'no status'})`);
  }

  /**
   * The notify when its signature checks out with the platform key its serial names (the public key, or a platform
   * certificate), its timestamp is within 5 minutes and its resource decrypts with the API v3 key; else null.
   */
  async verifyNotify(
    rawBody: Buffer,
    headers: WechatSignedHeaders,
    now = Date.now(),
  ): Promise<WechatNotice | null> {
    if (
      !this.settings ||
      !headers.nonce ||
      !(await this.verifySigned(rawBody.toString('utf8'), headers, now))
    )
      return null;
    let parsed: {
      id?: string;
      event_type?: string;
      resource?: { algorithm?: string; ciphertext?: string; associated_data?: string; nonce?: string };
    };
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
      const r = parsed.resource;
      if (
        !parsed.id ||
        !parsed.event_type ||
        r?.algorithm !== 'AEAD_AES_256_GCM' ||
        !r.ciphertext ||
        !r.nonce
      )
        return null;
      const resource = decryptResource(
        this.settings.apiV3Key,
        r.ciphertext,
        r.nonce,
        r.associated_data ?? '',
      );
      return { id: parsed.id, eventType: parsed.event_type, nonce: headers.nonce, resource };
    } catch {
      return null;
    }
  }

  get merchantId(): string | undefined {
    return this.settings?.mchid;
  }

  get appId(): string | undefined {
    return this.settings?.appid;
  }

  private get notifyBase(): string {
    return this.config.publicUrl;
  }

  /**
   * A signed v3 call; its answer's signature checked with the platform key it names (the certificates' own answer
   * is authenticated by decrypting them instead). Non-2xx throws WechatPayError.
   */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, verify = true): Promise<T> {
    const s = this.settings!;
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${path}\n${timestamp}\n${nonce}\n${text}\n`)
      .sign(this.merchantKey!, 'base64');
    const res = await fetch(`${s.apiUrl}${path}`, {
      method,
      body: body === undefined ? undefined : text,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'think-tank',
        authorization:
          `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchid}",nonce_str="${nonce}",signature="${signature}",` +
          `timestamp="${timestamp}",serial_no="${s.serial}"`,
      },
    });
    const answer = await res.text();
    const signed = {
      timestamp: res.headers.get('wechatpay-timestamp') ?? undefined,
      nonce: res.headers.get('wechatpay-nonce') ?? undefined,
      signature: res.headers.get('wechatpay-signature') ?? undefined,
      serial: res.headers.get('wechatpay-serial') ?? undefined,
    };
    // An answer not signed by the platform is not WeChat Pay's: as good as no answer (a refund is asked again).
    if (verify && !(await this.verifySigned(answer, signed, Date.now())))
      throw new Error('WeChat Pay answer without a valid signature');
    const json = answer ? (JSON.parse(answer) as Record<string, unknown>) : {};
    if (!res.ok)
      throw new WechatPayError(res.status, String(json.code ?? res.status), String(json.message ?? ''));
    return json as T;
  }

  private async verifySigned(body: string, h: WechatSignedHeaders, now: number): Promise<boolean> {
    if (!h.timestamp || !h.nonce || !h.signature || !h.serial) return false;
    const at = Number(h.timestamp);
    if (!Number.isInteger(at) || Math.abs(now / 1000 - at) > NOTIFY_TOLERANCE_SECONDS) return false;
    const key = await this.platformKeyFor(h.serial);
    return (
      !!key &&
      createVerify('RSA-SHA256')
        .update(`${h.timestamp}\n${h.nonce}\n${body}\n`)
        .verify(key, h.signature, 'base64')
    );
  }

  /**
   * The key a `Wechatpay-Serial` names: the WeChat Pay public key by its id, else a platform certificate by its
   * serial, from `/v3/certificates` (downloaded every 12 h, and again, at most once a minute, for a serial not seen).
   */
  private async platformKeyFor(serial: string): Promise<KeyObject | undefined> {
    if (serial === this.settings!.platformKeyId) return this.platformKey;
    const wanted = serial.toUpperCase();
    const now = Date.now();
    const stale = now - this.certificates.fetchedAt > CERTIFICATES_REFRESH_MS;
    const unknown =
      !this.certificates.keys.has(wanted) && now - this.certificates.fetchedAt > UNKNOWN_SERIAL_REFRESH_MS;
    if (stale || unknown) await this.refreshCertificates();
    return this.certificates.keys.get(wanted);
  }

  /** Downloads the platform certificates (one refresh at a time); a failure keeps the ones held. */
  private refreshCertificates(): Promise<void> {
    this.certificates.refreshing ??= this.downloadCertificates()
      .then((keys) => {
        this.certificates.keys = keys;
        this.logger.log(`WeChat Pay platform certificates: ${[...keys.keys()].join(', ') || 'none'}`);
      })
      .catch((e: Error) => this.logger.warn(`WeChat Pay certificates not downloaded: ${e.message}`))
      .finally(() => {
        this.certificates.fetchedAt = Date.now();
        this.certificates.refreshing = undefined;
      });
    return this.certificates.refreshing;
  }

  private async downloadCertificates(): Promise<Map<string, KeyObject>> {
    type Sealed = { algorithm: string; nonce: string; associated_data?: string; ciphertext: string };
    const { data } = await this.call<{
      data?: { serial_no: string; expire_time?: string; encrypt_certificate: Sealed }[];
    }>('GET', '/v3/certificates', undefined, false);
    const keys = new Map<string, KeyObject>();
    for (const entry of data ?? []) {
      const sealed = entry.encrypt_certificate;
      if (sealed?.algorithm !== 'AEAD_AES_256_GCM') continue;
      // Sealed with the API v3 key: what decrypts is WeChat Pay's, whoever answered.
      const pem = decrypt(
        this.settings!.apiV3Key,
        sealed.ciphertext,
        sealed.nonce,
        sealed.associated_data ?? '',
      );
      const certificate = new X509Certificate(pem);
      if (Date.parse(certificate.validTo) < Date.now()) continue;
      keys.set(certificate.serialNumber.toUpperCase(), certificate.publicKey);
    }
    return keys;
  }
}

/** WeChat Pay's first `out_trade_no` for an order: its id without dashes (6–32 characters of letters and digits). */
export const wechatTradeNo = (orderId: string) => orderId.replace(/-/g, '');

/** Another trade number for the order, after its first was closed: its id's start and 12 random hex digits. */
export const nextWechatTradeNo = (orderId: string) =>
  `${wechatTradeNo(orderId).slice(0, 20)}${randomBytes(6).toString('hex')}`;

/** The order id of a WeChat Pay `out_trade_no`. */
export const orderIdOf = (tradeNo: string) =>
  /^[0-9a-f]{32}$/.test(tradeNo)
    ? `${tradeNo.slice(0, 8)}-${tradeNo.slice(8, 12)}-${tradeNo.slice(12, 16)}-${tradeNo.slice(16, 20)}-${tradeNo.slice(20)}`
    : null;

/** A non-2xx answer of WeChat Pay, with its code (`ORDERPAID`, `NOT_ENOUGH`, …). */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** AEAD_AES_256_GCM: the ciphertext (base64) ends with its 16-byte tag. */
function decrypt(key: string, ciphertext: string, nonce: string, associated: string): string {
  const data = Buffer.from(ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

const decryptResource = (key: string, ciphertext: string, nonce: string, associated: string) =>
  JSON.parse(decrypt(key, ciphertext, nonce, associated)) as Record<string, unknown>;
