import { describe, expect, it } from 'vitest';
import { apiKey } from './api-key';

describe('apiKey', () => {
  it('is the URL read, leaving empty parameters out', () => {
    expect(
      apiKey('/api/admin/orders', {
        status: 'paid',
        gateway: '',
        userId: undefined,
        flagged: false,
        page: 2,
      }),
    ).toBe('/api/admin/orders?status=paid&page=2');
    expect(apiKey('/api/admin/queues')).toBe('/api/admin/queues');
  });

  it('encodes values, and names a language after # (which fetch never sends)', () => {
    expect(apiKey('/api/solutions/search', { query: '智慧 工厂&x', page: 1 })).toBe(
      '/api/solutions/search?query=%E6%99%BA%E6%85%A7+%E5%B7%A5%E5%8E%82%26x&page=1',
    );
    expect(apiKey('/api/users/subscriptions/plans', {}, 'en')).toBe('/api/users/subscriptions/plans#en');
    expect(new URL(apiKey('/api/p', { a: 1 }, 'zh'), 'http://x').search).toBe('?a=1');
  });
});
