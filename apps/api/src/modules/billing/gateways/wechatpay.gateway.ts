import { Injectable } from '@nestjs/common';
import type { PaymentDevice, PaymentInstruction } from '@think-tank/contracts';
import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { AppConfig, type WechatPayConfig } from '../../../core/config/app-config';
import type { Order } from '../entities/order.entity';
import type { RefundAnswer } from './refund-answer';

/** A notify's `Wechatpay-Timestamp` older (or newer) than this is refused (contract §11). */
export const NOTIFY_TOLERANCE_SECONDS = 5 * 60;
const TIMEOUT_MS = 10_000;

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
  private readonly settings?: WechatPayConfig;
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
   * Native pay on a desktop (a `code_url` the page draws as a QR code, `{type:'qrcode'}`), H5 pay in a phone's
   * browser (an `h5_url` to visit, with the buyer's address in `scene_info`). Always CNY, in fen.
   */
  async startCheckout(order: Order, device: PaymentDevice, clientIp: string): Promise<PaymentInstruction> {
    const s = this.settings!;
    const body = {
      appid: s.appid,
      mchid: s.mchid,
      description: order.subject.slice(0, 127),
      out_trade_no: wechatTradeNo(order.id),
      notify_url: `${this.notifyBase}/api/payments/wechatpay/notify`,
      amount: { total: order.amount, currency: 'CNY' },
      ...(device === 'mobile' && { scene_info: { payer_client_ip: clientIp, h5_info: { type: 'Wap' } } }),
    };
    if (device === 'mobile') {
      const { h5_url } = await this.call<{ h5_url: string }>('POST', '/v3/pay/transactions/h5', body);
      return { type: 'redirect', paymentUrl: h5_url, orderId: order.id };
    }
    const { code_url } = await this.call<{ code_url: string }>('POST', '/v3/pay/transactions/native', body);
    return { type: 'qrcode', codeUrl: code_url, orderId: order.id };
  }

  /** The trade as WeChat Pay holds it (reconciliation): its state, transaction id and total in fen. */
  async queryTrade(
    order: Order,
  ): Promise<{ state: string; transactionId: string | null; total: number | null }> {
    const path = `/v3/pay/transactions/out-trade-no/${wechatTradeNo(order.id)}?mchid=${this.settings!.mchid}`;
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

  /** Closes an unpaid trade (an expired order), so that it can no longer be paid. */
  async closeTrade(order: Order): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${wechatTradeNo(order.id)}/close`, {
      mchid: this.settings!.mchid,
    });
  }

  /**
   * Returns the whole payment, `out_refund_no` = the order's trade number, so that a repeat is the same refund. A
   * business refusal (4xx) is a refusal; WeChat Pay's own trouble (5xx, no answer) throws, for a retry.
   */
  async refund(order: Order): Promise<RefundAnswer> {
    const tradeNo = wechatTradeNo(order.id);
    try {
      const answer = await this.call<{ refund_id?: string; status?: string }>(
        'POST',
        '/v3/refund/domestic/refunds',
        {
          out_trade_no: tradeNo,
          out_refund_no: tradeNo,
          notify_url: `${this.notifyBase}/api/payments/wechatpay/notify`,
          amount: { refund: order.amount, total: order.amount, currency: 'CNY' },
        },
      );
      if (answer.status === 'ABNORMAL' || answer.status === 'CLOSED')
        return { ok: false, reason: `WeChat Pay refund ${answer.status}` };
      return { ok: true, refundId: answer.refund_id ?? null };
    } catch (e) {
      if (e instanceof WechatPayError && e.status >= 400 && e.status < 500)
        return { ok: false, reason: `WeChat Pay ${e.code}: ${e.message}` };
      throw e;
    }
  }

  /**
   * The notify when its signature checks out with the platform key, its timestamp is within 5 minutes and its
   * resource decrypts with the API v3 key; else null. (Its nonce's first use is the caller's to record.)
   */
  verifyNotify(rawBody: Buffer, headers: WechatSignedHeaders, now = Date.now()): WechatNotice | null {
    if (!this.settings || !headers.nonce || !this.verifySigned(rawBody.toString('utf8'), headers, now))
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

  /** A signed v3 call; its answer's signature checked with the platform key. Non-2xx throws WechatPayError. */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
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
    if (!this.verifySigned(answer, signed, Date.now()))
      throw new Error('WeChat Pay answer without a valid signature');
    const json = answer ? (JSON.parse(answer) as Record<string, unknown>) : {};
    if (!res.ok)
      throw new WechatPayError(res.status, String(json.code ?? res.status), String(json.message ?? ''));
    return json as T;
  }

  private verifySigned(body: string, h: WechatSignedHeaders, now: number): boolean {
    if (!h.timestamp || !h.nonce || !h.signature || h.serial !== this.settings!.platformKeyId) return false;
    const at = Number(h.timestamp);
    if (!Number.isInteger(at) || Math.abs(now / 1000 - at) > NOTIFY_TOLERANCE_SECONDS) return false;
    return createVerify('RSA-SHA256')
      .update(`${h.timestamp}\n${h.nonce}\n${body}\n`)
      .verify(this.platformKey!, h.signature, 'base64');
  }
}

/** WeChat Pay's `out_trade_no` for an order: its id without dashes (6–32 characters of letters and digits). */
export const wechatTradeNo = (orderId: string) => orderId.replace(/-/g, '');

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
function decryptResource(key: string, ciphertext: string, nonce: string, associated: string) {
  const data = Buffer.from(ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
}
