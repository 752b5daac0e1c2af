import { WebRoute, type OrderStatusResponse } from '@think-tank/contracts';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { fetchOrderStatus } from './api/billing-api';

export const ORDER_POLL_INTERVAL_MS = 5_000;
export const ORDER_POLL_TIMEOUT_MS = 60_000;

export type PaymentOutcome =
  | { state: 'processing' }
  | { state: 'success'; order: OrderStatusResponse }
  | { state: 'failed'; order: OrderStatusResponse }
  | { state: 'error'; reason: 'notFound' | 'query' }
  | { state: 'timeout' }
  | { state: 'unknown' };

/** The status mapping of customer-area §4. */
export function outcomeOf(order: OrderStatusResponse): PaymentOutcome | null {
  if (order.status === 'paid' || order.status === 'agreement_active') return { state: 'success', order };
  if (order.status === 'failed' || order.status === 'canceled') return { state: 'failed', order };
  if (order.status === 'pending') return null;
  return { state: 'unknown' };
}

/** Asks for the order's status every 5 s until it settles, for at most 60 s. */
export function useOrderPolling(orderId: string | null): PaymentOutcome {
  const [outcome, setOutcome] = useState<PaymentOutcome>(
    orderId ? { state: 'processing' } : { state: 'unknown' },
  );
  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const started = Date.now();
    const poll = async () => {
      let next: PaymentOutcome | null;
      try {
        next = outcomeOf(await fetchOrderStatus(orderId));
      } catch (err) {
        next = {
          state: 'error',
          reason: err instanceof ApiError && err.status === 404 ? 'notFound' : 'query',
        };
      }
      if (stopped) return;
      if (!next && Date.now() - started + ORDER_POLL_INTERVAL_MS > ORDER_POLL_TIMEOUT_MS)
        next = { state: 'timeout' };
      if (next) setOutcome(next);
      else timer = setTimeout(poll, ORDER_POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderId]);
  return outcome;
}

const DEV_HOSTS = /^(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])$/;

/**
 * Where a paid order leads (customer-area §4): the server's redirectUrl first, else the unlocked solution, the
 * subscription page, or the profile. An address on a local development host is rewritten to this origin;
 * one on another site is ignored.
 */
export function successPath(order: OrderStatusResponse, pendingSolutionId?: string): string {
  if (order.redirectUrl) {
    try {
      const url = new URL(order.redirectUrl, window.location.origin);
      // Another site is never followed: the page only moves within the app.
      if (url.origin === window.location.origin || DEV_HOSTS.test(url.hostname))
        return `${url.pathname}${url.search}${url.hash}`;
    } catch {
      /* not an address: fall through */
    }
  }
  const solutionId = order.solutionId ?? pendingSolutionId;
  if (order.itemType === 'single_solution_view' && solutionId) return WebRoute.solution(solutionId);
  if (order.paymentType === 'subscription') return WebRoute.subscription;
  return WebRoute.profile;
}
