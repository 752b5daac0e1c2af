import { dailyViewsKey } from './daily-views';

describe('the paid reader’s day (contract: PAID_DAILY_VIEW_LIMIT counts per Asia/Shanghai day)', () => {
  it('keeps one count per reader and day', () => {
    const late = new Date('2026-12-31T15:30:00Z');
    const next = new Date('2026-12-31T16:30:00Z');
    expect(dailyViewsKey('u1', late)).toBe('views:u1:2026-12-31');
    expect(dailyViewsKey('u1', next)).toBe('views:u1:2027-01-01');
    expect(dailyViewsKey('u2', late)).not.toBe(dailyViewsKey('u1', late));
  });
});
