import { periodEnd } from './subscription-period';

describe('periodEnd', () => {
  it('adds calendar months, clamping to the end of a shorter month', () => {
    expect(periodEnd(new Date('2026-01-31T08:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-11-30T00:00:00Z'), 'quarterly').toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
  });

  it('adds days for daily and weekly plans, and 30 days for a custom one', () => {
    expect(periodEnd(new Date('2026-12-30T00:00:00Z'), 'weekly').toISOString()).toBe(
      '2027-01-06T00:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-12-31T00:00:00Z'), 'daily').toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-01-01T00:00:00Z'), 'custom').toISOString()).toBe(
      '2026-01-31T00:00:00.000Z',
    );
  });
});
