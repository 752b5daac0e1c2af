import { describe, expect, it } from 'vitest';
import { badgeText } from './NotificationBell';

describe('the unread badge', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
