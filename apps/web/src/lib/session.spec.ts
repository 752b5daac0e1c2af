import { describe, expect, it } from 'vitest';
import { isLive, secondsLeft, session } from './session';

const jwtWith = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/(?<!=)=+$/, '')}.s`;

describe('session', () => {
  it('keeps the tokens under the spec’s storage keys and clears them all', () => {
    session.save({ access_token: 'a', refresh_token: 'r', user: { username: 'li', role: 'vip' } });
    expect([
      localStorage.getItem('token'),
      localStorage.getItem('refresh_token'),
      localStorage.getItem('username'),
      localStorage.getItem('userRole'),
    ]).toEqual(['a', 'r', 'li', 'vip']);
    session.clear();
    expect(session.read()).toEqual({ token: null, refreshToken: null, username: null, role: null });
  });

  it('reads the remaining life of a JWT', () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    expect(secondsLeft(jwtWith({ exp }))).toBeGreaterThan(590);
    expect(secondsLeft(jwtWith({ exp: 1 }))).toBeLessThan(0);
    expect(secondsLeft('garbage')).toBeNull();
  });

  it('takes a token as live only while it has more than a few seconds left', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(isLive(jwtWith({ exp: now + 60 }))).toBe(true);
    expect(isLive(jwtWith({ exp: now + 3 }))).toBe(false);
    expect(isLive('garbage')).toBe(false);
    expect(isLive(null)).toBe(false);
  });
});
