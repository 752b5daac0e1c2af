import type {
  Currency,
  Localized,
  PaymentDevice,
  PaymentGateway,
  PaymentItemType,
  PaymentMethod,
  PriceInfo,
  PurchaseSubject,
} from '@think-tank/contracts';

/**
 * Something another module sells (a workshop fee): its item type and id, what it is for, its title, and its price
 * in the order's currency, all the seller's. Billing charges it and hands it back to the item type's fulfiller.
 */
export interface ModuleSale {
  itemType: PaymentItemType;
  itemId: string;
  subject: PurchaseSubject;
  title: Localized;
  price: (currency: Currency) => PriceInfo;
}

/** What a buyer asks for: a plan by id, a catalogue item (a solution view names its solution), a module's sale. */
export type Purchase =
  { planId: string } | { itemId: string; solutionId?: string; solutionName?: string } | { sale: ModuleSale };

export interface Buyer {
  id: string;
}

/** The way each gateway is paid on each device (a sandbox order keeps the way it stands in for). */
export const HAND_OFF: Record<Exclude<PaymentGateway, 'sandbox'>, Record<PaymentDevice, PaymentMethod>> = {
  alipay: { desktop: 'page', mobile: 'wap' },
  wechatpay: { desktop: 'native', mobile: 'h5' },
  stripe: { desktop: 'checkout', mobile: 'checkout' },
};
/** How an order through the gateway is paid by this payer: inside WeChat, WeChat Pay's JSAPI. */
export const handOffFor = (
  gateway: Exclude<PaymentGateway, 'sandbox'>,
  payer: { device: PaymentDevice; inWechat: boolean },
): PaymentMethod => (gateway === 'wechatpay' && payer.inWechat ? 'jsapi' : HAND_OFF[gateway][payer.device]);

/** What a Stripe payment method pays as: a typed card, or a wallet's card. */
export type CardMethod = Extract<PaymentMethod, 'card' | 'applepay' | 'googlepay'>;
