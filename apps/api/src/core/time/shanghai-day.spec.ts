import { secondsLeftOfShanghaiDay, shanghaiDay } from './shanghai-day';

describe('the Asia/Shanghai day that daily limits and budgets count by', () => {
  it('turns at midnight in Shanghai, 16:00 UTC, whatever the server’s own time zone', () => {
    expect(shanghaiDay(new Date('2026-11-24T15:59:59.999Z'))).toBe('2026-11-24');
    expect(shanghaiDay(new Date('2026-11-24T16:00:00.000Z'))).toBe('2026-11-25');
    // Shanghai keeps no daylight saving time: the turn is at 16:00 UTC in summer too.
    expect(shanghaiDay(new Date('2026-07-01T15:59:59Z'))).toBe('2026-07-01');
    expect(shanghaiDay(new Date('2026-07-01T16:00:00Z'))).toBe('2026-07-02');
  });

  it('agrees with the time-zone database', () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });
    for (
      let at = Date.parse('2025-12-31T00:00:00Z');
      at < Date.parse('2027-01-02T00:00:00Z');
      at += 3_600_000 * 7
    )
      expect(shanghaiDay(at)).toBe(zone.format(at));
  });

  it('says how many seconds of the day are left, never none', () => {
    expect(secondsLeftOfShanghaiDay(new Date('2026-11-24T15:59:59.500Z'))).toBe(1);
    expect(secondsLeftOfShanghaiDay(new Date('2026-11-24T16:00:00.000Z'))).toBe(86_400);
    expect(secondsLeftOfShanghaiDay(new Date('2026-11-24T04:00:00.000Z'))).toBe(12 * 3600);
  });
});
