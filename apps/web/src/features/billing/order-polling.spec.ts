import type { OrderStatusResponse } from '@think-tank/contracts';
import { describe, expect, it } from 'vitest';
import { outcomeOf, successPath } from './order-polling';

const order = (changes: Partial<OrderStatusResponse>): OrderStatusResponse => ({
  status: 'paid',
  paymentType: 'one-time',
  itemId: 'single_solution_view',
  itemType: 'single_solution_view',
  amount: 500,
  currency: 'CNY',
  creditApplied: 0,
  redirectUrl: null,
  demandId: null,
  solutionId: null,
  message: '',
  ...changes,
});

describe('the payment return mapping (customer-area §4)', () => {
  it('maps paid and agreement_active to success, failed and canceled to failure, pending to waiting', () => {
    expect(outcomeOf(order({ status: 'paid' }))?.state).toBe('success');
    expect(outcomeOf(order({ status: 'agreement_active' }))?.state).toBe('success');
    expect(outcomeOf(order({ status: 'failed' }))?.state).toBe('failed');
    expect(outcomeOf(order({ status: 'canceled' }))?.state).toBe('failed');
    expect(outcomeOf(order({ status: 'pending' }))).toBeNull();
    expect(outcomeOf(order({ status: 'refunded' }))?.state).toBe('unknown');
  });

  it('leads a solution view to the solution, a subscription to the plans, anything else to the profile', () => {
    expect(successPath(order({ solutionId: 'abc' }))).toBe('/solutions/abc/view');
    expect(successPath(order({}), 'fromStorage')).toBe('/solutions/fromStorage/view');
    expect(successPath(order({ paymentType: 'subscription', itemType: 'subscription' }))).toBe(
      '/subscription',
    );
    expect(successPath(order({ itemType: 'one_time_product', itemId: 'x' }))).toBe('/profile');
  });

  it('prefers the server’s redirectUrl, rewriting a local development host and never leaving the app', () => {
    expect(successPath(order({ redirectUrl: '/subscription-management' }))).toBe('/subscription-management');
    expect(successPath(order({ redirectUrl: 'http://localhost:5173/demands/1?tab=2' }))).toBe(
      '/demands/1?tab=2',
    );
    expect(successPath(order({ solutionId: 's', redirectUrl: 'https://evil.example.com/x' }))).toBe(
      '/solutions/s/view',
    );
  });
});
