import { describe, expect, it } from 'vitest';
import { budgetAddress } from './address-budget';

describe('the address a failure budget is kept for', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:0:0:7', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2::1.2.3.4', '2001:db8:1:2::/64'],
    ['not an address', 'not an address'],
  ])('%s -> %s', (ip, expected) => {
    expect(budgetAddress(ip)).toBe(expected);
  });
});
