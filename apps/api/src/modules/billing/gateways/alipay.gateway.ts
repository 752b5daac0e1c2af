import { Injectable } from '@nestjs/common';
import { majorUnits, type PaymentDevice, type PaymentInstruction } from '@think-tank/contracts';
import { AlipaySdk } from 'alipay-sdk';
import { AppConfig, type AlipayConfig } from '../../../core/config/app-config';
import type { Order } from '../entities/order.entity';
import type { RefundAnswer } from './refund-answer';

/** What a verified notify says about an order, in our terms. */
export interface AlipayNotice {
  orderId: string;
  notifyId: string;
  tradeNo: string | null;
  tradeStatus: string;
  /** total_amount in fen, or null when it is not a valid amount. */
  amount: number | null;
  appId: string;
  sellerId: string | null;
}

/** "12.30" → 1230, exactly (no floating point); null for anything else. */
export function yuanToFen(value: unknown): number | null {
  const m = typeof value === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/**
 * Alipay page pay through alipay-sdk: building the form is local signing work; notifies are verified with the
 * platform's public key. The gateway only verifies and translates; FulfilmentService decides.
 */
@Injectable()
export class AlipayGateway {
  private readonly sdk: AlipaySdk | null;
  private readonly settings: AlipayConfig | undefined;

  constructor(private readonly config: AppConfig) {
    this.settings = config.alipay;
    this.sdk = this.settings
      ? new AlipaySdk({
          appId: this.settings.appId,
          privateKey: this.settings.privateKey.trim(),
          // PKCS#1 keys say "RSA PRIVATE KEY" in their header, PKCS#8 keys "PRIVATE KEY" (contract §2).
          keyType: /BEGIN RSA PRIVATE KEY/.test(this.settings.privateKey) ? 'PKCS1' : 'PKCS8',
          alipayPublicKey: this.settings.publicKey.trim(),
          gateway: this.settings.gateway,
          signType: 'RSA2',
        })
      : null;
  }

  get available(): boolean {
    return this.sdk !== null;
  }

  /**
   * The signed pay address, which the browser visits: page pay on a desktop, WAP pay (`QUICK_WAP_WAY`) in a
   * phone's browser, whose `quit_url` leads back to where the order can be paid or left (`quitPath`). An address
   * rather than a form: a form posted from the app would be held to the app's CSP form-action all along Alipay's
   * redirects to its cashier.
   */
  startCheckout(order: Order, device: PaymentDevice = 'desktop', quitPath = '/'): PaymentInstruction {
    const phone = device === 'mobile';
    const paymentUrl = this.sdk!.pageExecute(
      phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay',
      'GET',
      {
        bizContent: {
          outTradeNo: order.id,
          productCode: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          totalAmount: majorUnits(order.amount),
          subject: order.subject,
          ...(phone && { quitUrl: `${this.config.publicUrl}${quitPath}` }),
        },
        returnUrl: `${this.config.publicUrl}/api/payments/alipay/return`,
        notifyUrl: `${this.config.publicUrl}/api/payments/alipay/notify`,
      },
    );
    return { type: 'redirect', paymentUrl, orderId: order.id };
  }

  /**
   * The trade's status as Alipay's `alipay.trade.query` answers it (order reconciliation): `TRADE_SUCCESS`,
   * `WAIT_BUYER_PAY`, …, or `TRADE_NOT_EXIST` for a trade the buyer never opened. The SDK checks the answer's
   * signature with the platform key.
   */
  async queryTrade(
    order: Order,
  ): Promise<{ status: string; tradeNo: string | null; totalAmount: string | null }> {
    const res = (await this.sdk!.exec('alipay.trade.query', { bizContent: { out_trade_no: order.id } })) as {
      code?: string;
      subCode?: string;
      tradeStatus?: string;
      tradeNo?: string;
      totalAmount?: string;
    };
    if (res.code !== '10000')
      return {
        status:
          res.subCode === 'ACQ.TRADE_NOT_EXIST' ? 'TRADE_NOT_EXIST' : `ERROR:${res.subCode ?? res.code}`,
        tradeNo: null,
        totalAmount: null,
      };
    return {
      status: res.tradeStatus ?? 'UNKNOWN',
      tradeNo: res.tradeNo ?? null,
      totalAmount: res.totalAmount ?? null,
    };
  }

  /**
   * Closes an unpaid trade through `alipay.trade.close`, so that its cashier can no longer take money; one the buyer
   * never opened (`ACQ.TRADE_NOT_EXIST`) is closed already. A paid one (`ACQ.TRADE_STATUS_ERROR`) answers false.
   */
  async closeTrade(order: Order): Promise<boolean> {
    const res = (await this.sdk!.exec('alipay.trade.close', { bizContent: { out_trade_no: order.id } })) as {
      code?: string;
      msg?: string;
      subCode?: string;
      subMsg?: string;
    };
    if (res.code === '10000' || res.subCode === 'ACQ.TRADE_NOT_EXIST') return true;
    if (res.subCode === 'ACQ.TRADE_STATUS_ERROR') return false;
    throw new Error(`Alipay ${res.subCode ?? res.code}: ${res.subMsg ?? res.msg ?? ''}`.trim());
  }

  /**
   * Returns the whole payment through `alipay.trade.refund`. The order id is the `out_request_no`, so Alipay
   * treats any repeat as the same refund and never pays out twice. The SDK checks the answer's signature.
   */
  async refund(order: Order): Promise<RefundAnswer> {
    const res = (await this.sdk!.exec('alipay.trade.refund', {
      bizContent: {
        out_trade_no: order.id,
        out_request_no: order.id,
        refund_amount: majorUnits(order.amount),
      },
    })) as { code?: string; msg?: string; subCode?: string; subMsg?: string; tradeNo?: string };
    if (res.code === '10000') return { ok: true, refundId: res.tradeNo ?? null };
    // Alipay's own trouble, not a refusal: its rule is to ask again with the same out_request_no.
    if (res.code === '20000' || res.subCode === 'ACQ.SYSTEM_ERROR')
      throw new Error(`Alipay ${res.subCode ?? res.code}: ${res.subMsg ?? res.msg ?? ''}`.trim());
    return { ok: false, reason: `Alipay ${res.subCode ?? res.code}: ${res.subMsg ?? res.msg ?? ''}`.trim() };
  }

  /**
   * The notice when the notify is signed by Alipay with RSA2, else null. Values are checked as received, never
   * URL-decoded again (checkNotifySignV2), and a payload claiming another sign_type is refused outright.
   */
  verifyNotify(body: Record<string, unknown>): AlipayNotice | null {
    if (!this.sdk || body.sign_type !== 'RSA2' || typeof body.sign !== 'string') return null;
    const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string'));
    if (!this.sdk.checkNotifySignV2(fields)) return null;
    return {
      orderId: String(fields.out_trade_no ?? ''),
      notifyId: String(fields.notify_id ?? `${fields.trade_no}:${fields.trade_status}:${fields.gmt_payment}`),
      tradeNo: fields.trade_no ? String(fields.trade_no) : null,
      tradeStatus: String(fields.trade_status ?? ''),
      amount: yuanToFen(fields.total_amount),
      appId: String(fields.app_id ?? ''),
      sellerId: fields.seller_id ? String(fields.seller_id) : null,
    };
  }

  /** Why a verified notice does not belong to this order, or null when it does. */
  mismatch(notice: AlipayNotice, order: Pick<Order, 'amount' | 'currency'>): string | null {
    if (notice.appId !== this.settings!.appId) return `app_id ${notice.appId} is not ours`;
    if (this.settings!.sellerId && notice.sellerId !== this.settings!.sellerId)
      return `seller_id ${notice.sellerId} is not ours`;
    if (order.currency !== 'CNY' || notice.amount !== order.amount)
      return `total_amount ${notice.amount} fen differs from the order's ${order.amount} ${order.currency}`;
    return null;
  }
}
