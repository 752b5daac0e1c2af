import { describe, expect, it } from 'vitest';
import { nextStage, stageFee } from './workshop';

describe('the workshop fee table (contract §8)', () => {
  it('charges Preparation and Opening per module selected in the stage before', () => {
    expect(stageFee('Preparation', 3, 'CNY')).toEqual({ amount: 30_000, currency: 'CNY' });
    expect(stageFee('Opening', 2, 'USD')).toEqual({ amount: 40_000, currency: 'USD' });
    expect(stageFee('Preparation', 0, 'CNY').amount).toBe(0);
  });

  it('charges Operation a flat fee in the order’s currency, and Expansion nothing', () => {
    expect(stageFee('Operation', 9, 'CNY')).toEqual({ amount: 200_000, currency: 'CNY' });
    expect(stageFee('Operation', 9, 'USD')).toEqual({ amount: 70_000, currency: 'USD' });
    expect(stageFee('Expansion', 9, 'CNY').amount).toBe(0);
  });

  it('knows the stage order, Expansion last', () => {
    expect(nextStage('Startup')).toBe('Preparation');
    expect(nextStage('Operation')).toBe('Expansion');
    expect(nextStage('Expansion')).toBeNull();
  });
});
