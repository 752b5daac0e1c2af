import { describe, expect, it } from 'vitest';
import { destination } from './after-login';

describe('destination after login', () => {
  it('returns to the page the guard came from, then to a ?redirect= path of the app, else /profile', () => {
    const from = { pathname: '/demand-store/1', search: '?x=1', hash: '#a' };
    expect(destination({ state: { from }, search: '?redirect=/other' })).toBe('/demand-store/1?x=1#a');
    expect(
      destination({ state: null, search: `?redirect=${encodeURIComponent('/demand-lab/lab-1/index.html')}` }),
    ).toBe('/demand-lab/lab-1/index.html');
    expect(destination({ state: null, search: '' })).toBe('/profile');
  });

  it('never follows a redirect to another site', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
    ])
      expect(destination({ state: null, search: `?redirect=${encodeURIComponent(target)}` })).toBe(
        '/profile',
      );
  });
});
