import { dailyViewsKey, shanghaiDay } from './daily-views';

describe('the paid reader’s day (contract: PAID_DAILY_VIEW_LIMIT counts per Asia/Shanghai day)', () => {
  it('turns at midnight in Shanghai, 16:00 UTC, whatever the server’s own time zone', () => {
    expect(shanghaiDay(new Date('2026-11-24T15:59:59.999Z'))).toBe('2026-11-24');
    expect(shanghaiDay(new Date('2026-11-24T16:00:00.000Z'))).toBe('2026-11-25');
    // Shanghai keeps no daylight saving time: the turn is at 16:00 UTC in summer too.
    expect(shanghaiDay(new Date('2026-07-01T15:59:59Z'))).toBe('2026-07-01');
    expect(shanghaiDay(new Date('2026-07-01T16:00:00Z'))).toBe('2026-07-02');
  });

  it('keeps one count per reader and day', () => {
    const late = new Date('2026-12-31T15:30:00Z');
    const next = new Date('2026-12-31T16:30:00Z');
    expect(dailyViewsKey('u1', late)).toBe('views:u1:2026-12-31');
    expect(dailyViewsKey('u1', next)).toBe('views:u1:2027-01-01');
    expect(dailyViewsKey('u2', late)).not.toBe(dailyViewsKey('u1', late));
  });
});
