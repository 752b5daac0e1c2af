import { addressKey } from './rate-limiter.service';

describe('addressKey', () => {
  it('keys an IPv4 client by its address, and an IPv6 one by its /64 whatever its notation', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    for (const ip of ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::9', '2001:0db8:0001:0002:ffff::'])
      expect(addressKey(ip)).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});
