import type { WechatPayParams } from '@think-tank/contracts';

/** WeChat's own cashier, which its browser puts in every page it opens. */
interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: WechatPayParams,
    done: (res: { err_msg?: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** How long the page waits for WeChat's bridge to appear before it says WeChat's cashier cannot open. */
const BRIDGE_WAIT_MS = 5_000;

export type WechatPayResult = 'ok' | 'cancel' | 'fail';

/**
 * Opens WeChat's cashier with the order's signed `payParams` (contract §12, JSAPI), once its bridge is ready, and
 * answers how the buyer left it: paid (`ok`, still to be confirmed by the order's status), cancelled, or failed.
 */
export function payInWechat(params: WechatPayParams): Promise<WechatPayResult> {
  return new Promise((resolve) => {
    const invoke = () =>
      window.WeixinJSBridge!.invoke('getBrandWCPayRequest', params, (res) => {
        const said = res.err_msg ?? '';
        resolve(said.endsWith(':ok') ? 'ok' : said.endsWith(':cancel') ? 'cancel' : 'fail');
      });
    if (window.WeixinJSBridge) return invoke();
    const timer = setTimeout(() => resolve('fail'), BRIDGE_WAIT_MS);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer);
        invoke();
      },
      { once: true },
    );
  });
}
