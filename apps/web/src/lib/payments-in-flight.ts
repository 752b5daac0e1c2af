import type { Stage } from '@think-tank/contracts';

/**
 * Payments in flight, as browser storage keeps them (customer-area §3, demand-workshop §3): the checkout's pending
 * payment, and the workshop's start-up and stage orders. Kept in one place so that the return page forgets every
 * key of an order it has settled, whichever screen stored it.
 */
const PAYMENT_KEY = 'pendingPaymentInfo';
const STARTUP_KEY = 'pendingStartupPayment';
const STAGE_PREFIX = 'pendingStageOrder:';
const stageOrderKey = (demandId: string, stage: Stage) => `${STAGE_PREFIX}${demandId}:${stage}`;

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** What the return page needs to know about the checkout's payment (customer-area §3). */
export interface PendingPaymentInfo {
  orderId: string;
  solutionId?: string;
}

export const pendingPayment = {
  save: (info: PendingPaymentInfo) => localStorage.setItem(PAYMENT_KEY, JSON.stringify(info)),
  read: () => read<PendingPaymentInfo>(PAYMENT_KEY),
  clear: () => localStorage.removeItem(PAYMENT_KEY),
};

export interface PendingStartup {
  orderId: string;
  demandId: string;
}

export const pendingStartup = {
  save: (p: PendingStartup) => localStorage.setItem(STARTUP_KEY, JSON.stringify(p)),
  /** Read once: a start-up payment is acted on by the visit it returns to, never again on a later one. */
  take: () => {
    const pending = read<PendingStartup>(STARTUP_KEY);
    localStorage.removeItem(STARTUP_KEY);
    return pending;
  },
};

export const pendingStageOrder = {
  save: (demandId: string, stage: Stage, orderId: string) =>
    localStorage.setItem(stageOrderKey(demandId, stage), JSON.stringify({ orderId })),
};

/** Forgets every stored payment of this order: it has been settled (paid, failed or canceled). */
export function forgetSettled(orderId: string): void {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
  for (const key of keys)
    if (
      (key === PAYMENT_KEY || key === STARTUP_KEY || key.startsWith(STAGE_PREFIX)) &&
      read<{ orderId?: string }>(key)?.orderId === orderId
    )
      localStorage.removeItem(key);
}
